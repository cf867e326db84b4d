import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { DocumentList } from "~/components/guide/document-list";
import { SettingsHeader, SettingsSection } from "~/components/program-settings";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { addGuideDocument, DOCUMENT_FIELD, DOCUMENT_TITLE_MAX, guideDocuments, removeGuideDocument, type DocumentUpload } from "~/modules/guide/documents.server";
import { bodyLimit, TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { guidePreview } from "~/modules/guide/preview.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { rowId } from "~/utils/row-id";

export const meta: MetaFunction = () => [{ title: "Program guide | Program Settings" }];

const PAGE = "/program-settings/guide";

/** A document streams to disk; one too large comes back as ?tooLarge=1, said beside its field. */
export const handle = bodyLimit(uploadKinds.file.maxBytes + 1024 * 1024, { upload: true, streamed: true });

/** The guide's documents for its program managers (the guide's text is written on the settings page). */
export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const tooLarge = new URL(args.request.url).searchParams.has(TOO_LARGE_PARAM);
  return json({ documents: await guideDocuments(args.context.db), tooLarge });
}

/**
 * `?upload` adds a document from the multipart form; `intent=remove` takes one off; `intent=preview`
 * renders the guide's Markdown as the guide page will show it (the settings page asks, with JavaScript).
 */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireProgramManager(args);
  if (new URL(args.request.url).searchParams.has("upload")) {
    const added = await addGuideDocument(args, viewer.employee.id);
    if (!added.ok) return json<DocumentUpload>(added, { status: 400 });
    args.context.log.info({ event: "guide_document_added" }, "guide document added");
    return redirectWithToast(args, PAGE, { type: "success", message: "The document was added to the guide." });
  }
  const form = await args.request.formData();
  if (form.get("intent") === "preview") {
    return json({ preview: guidePreview(String(form.get("text") ?? "")) });
  }
  const id = rowId(String(form.get("document") ?? ""));
  const removed = form.get("intent") === "remove" && id !== null && (await removeGuideDocument(args.context.db, id));
  if (!removed) return redirectWithToast(args, PAGE, { type: "error", message: "That document is no longer in the guide." });
  return redirectWithToast(args, PAGE, { type: "success", message: "The document was taken off the guide." });
}

export default function GuideDocumentsPage() {
  const { documents, tooLarge } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && "errors" in result ? result : null;
  const fileErrors = refused?.errors[DOCUMENT_FIELD] ?? (tooLarge ? [uploadKinds.file.tooLarge] : undefined);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <SettingsHeader current={PAGE} intro="Documents listed under the program guide, for everyone in the program to read." />
      <SettingsSection title="Documents">
        <p className="mb-4 text-sm text-slate-700">
          The guide's text is written in{" "}
          <Link to="/program-settings" className="text-brand underline">
            Settings
          </Link>
          . People find both in their profile menu, under Program Guide.
        </p>
        {documents.length > 0 ? (
          <DocumentList documents={documents}>
            {(document) => (
              <Form method="post">
                <input type="hidden" name="document" value={document.id} />
                <Button type="submit" name="intent" value="remove" variant="ghost" size="sm">
                  Remove<span className="sr-only"> {document.title}</span>
                </Button>
              </Form>
            )}
          </DocumentList>
        ) : (
          <p className="text-sm text-slate-700">No documents yet.</p>
        )}
      </SettingsSection>
      <SettingsSection title="Add a document">
        <Form method="post" action={`${PAGE}?upload`} encType="multipart/form-data" className="flex flex-col gap-4">
          <Field label="Title" inputProps={{ id: "document-title", name: "title", defaultValue: refused?.typed.title, maxLength: DOCUMENT_TITLE_MAX, required: true }} errors={refused?.errors.title} />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="document-file">File</Label>
            <input
              id="document-file"
              name={DOCUMENT_FIELD}
              type="file"
              required
              accept={uploadKinds.file.types.join(",")}
              aria-invalid={fileErrors ? true : undefined}
              aria-describedby={fileErrors ? "document-file-error" : "document-file-help"}
              className="text-sm"
            />
            <p id="document-file-help" className="text-xs text-slate-600">
              A PDF, JPG, PNG, ZIP, CSV, XLS, XLSX, JSON or TXT file, up to 20 MB.
            </p>
            {fileErrors ? (
              <p id="document-file-error" className="text-sm text-red-700">
                {fileErrors.join(" ")}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit">Add document</Button>
          </div>
        </Form>
      </SettingsSection>
    </div>
  );
}
