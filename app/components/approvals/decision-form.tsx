import { getFormProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, TextAreaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";

/**
 * An approver's decision on a request (points, a nomination): fields of its own (`children`, an
 * amount), a comment for the requester (needed to deny), and Approve or Deny as the form's intent.
 */
export function DecisionForm<Schema extends Record<string, unknown>>({
  form,
  comment,
  commentLabel,
  commentMax,
  denyNote,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  comment: FieldMetadata<string, Schema, string[]>;
  commentLabel: string;
  commentMax: number;
  denyNote: string;
  children?: ReactNode;
}) {
  const sending = useNavigation().formMethod === "POST";
  return (
    <Card>
      <CardTitle>Your decision</CardTitle>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <ErrorList id={form.errorId} errors={form.errors} />
        {children}
        <TextAreaField label={commentLabel} props={{ ...getTextareaProps(comment), maxLength: commentMax }} errors={comment.errors} />
        <p className="text-sm text-slate-600">{denyNote}</p>
        <div className="flex gap-3">
          <Button type="submit" name="intent" value="approve" disabled={sending}>
            Approve
          </Button>
          <Button type="submit" name="intent" value="deny" variant="outline" disabled={sending}>
            Deny
          </Button>
        </div>
      </Form>
    </Card>
  );
}
