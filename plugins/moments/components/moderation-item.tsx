import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ChangeHistory } from "~/components/change-history";
import { ErrorList, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { StatusBadge } from "~/components/ui/status-badge";
import type { FormConstraint } from "~/modules/forms/constraint.server";
import { useCheckedForm } from "~/utils/use-checked-form";
import type { DecisionSchema } from "../moderation-forms.server";
import { actionWords, POINTS_STAY_PAID, statusTone } from "../moderation";
import type { moderationItem } from "../moderation.server";

type Item = NonNullable<SerializeFrom<typeof moderationItem>>;

/** Where the feed item of a moderated post or comment is shown as the feed draws it. */
export function viewPath(item: Pick<Item, "target">) {
  const { postId, commentId } = item.target;
  return commentId === null ? `/admin/reported/view/${postId}` : `/admin/reported/view/${postId}?comment=${commentId}`;
}

/**
 * The moderator's decision on a post or comment: 'Approve Post' unless it is approved, 'Remove
 * Post' (with what its author is told) unless it is removed. `returnTo`: where to go after.
 */
export function DecisionForms({ item, constraint, lastResult, returnTo, action }: { item: Pick<Item, "kind" | "status">; constraint: FormConstraint; lastResult?: unknown; returnTo?: string; action?: string }) {
  const [form, fields] = useCheckedForm<typeof DecisionSchema>("decision", constraint, lastResult as never);
  const noun = item.kind === "post" ? "Post" : "Comment";
  return (
    <div className="flex flex-col gap-4">
      {item.status !== "APPROVED" ? (
        <Form method="post" action={action}>
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <Button type="submit" name="intent" value="approve">
            Approve {noun}
          </Button>
        </Form>
      ) : null}
      {item.status !== "DENIED" ? (
        <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-2">
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <TextAreaField label="Why it is removed (its author is told)" props={{ ...getTextareaProps(fields.reason), rows: 2 }} errors={fields.reason.errors} />
          {item.kind === "post" ? <p className="text-sm text-slate-700">{POINTS_STAY_PAID}</p> : null}
          <ErrorList id={`${form.id}-error`} errors={form.errors} />
          <Button type="submit" name="intent" value="remove" variant="outline" className="self-start">
            Remove {noun}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** A post's or comment's moderation page: what it says, its status, every report, the decision and the history. */
export function ModerationItem({ item, constraint, lastResult }: { item: Item; constraint: FormConstraint; lastResult?: unknown }) {
  const noun = item.kind === "post" ? "post" : "comment";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link to="/admin/reported" className="text-sm underline">
        ← Reported posts and comments
      </Link>
      <h1 className="text-2xl font-semibold">{item.kind === "post" ? "Reported post" : "Reported comment"}</h1>
      <Card>
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <StatusBadge tone={statusTone(item.statusWord)}>{item.statusWord}</StatusBadge>
            <span>
              By {item.author || "the program"}, <LocalDate iso={item.created} />
            </span>
          </p>
          <blockquote className="whitespace-pre-wrap break-words">{item.text || "(no text)"}</blockquote>
          <Link to={viewPath(item)} className="self-start text-sm underline">
            {item.kind === "post" ? "View the post as the feed shows it" : "View the comment with its post"}
          </Link>
        </div>
      </Card>
      <Card>
        <CardTitle>Decision</CardTitle>
        <DecisionForms item={item} constraint={constraint} lastResult={lastResult} />
      </Card>
      <Card>
        <CardTitle>{`Reports (${item.reports.length})`}</CardTitle>
        {item.reports.length === 0 ? (
          <p className="text-sm text-slate-700">{`Nobody has reported this ${noun}.`}</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {item.reports.map((report) => (
              <li key={report.id} className="border-b border-slate-100 pb-2">
                <p className="font-medium">
                  {report.reporter}, <LocalDate iso={report.created} /> {report.open ? null : <span className="font-normal text-slate-700">(decided)</span>}
                </p>
                <p>{report.reason}</p>
                {report.details ? <p className="whitespace-pre-wrap break-words text-slate-700">{report.details}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <ChangeHistory
        changes={item.history.map((event) => ({ id: event.id, by: event.actor ?? "Automatically", at: event.created, lines: [event.reason ? `${actionWords[event.action]}: ${event.reason}` : actionWords[event.action]] }))}
        empty={`No decision has been made on this ${noun} yet.`}
      />
    </div>
  );
}
