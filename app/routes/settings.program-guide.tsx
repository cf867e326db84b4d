import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DocumentList } from "~/components/guide/document-list";
import { MarkdownArticle } from "~/components/markdown-article";
import { Card } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import { guideDocuments } from "~/modules/guide/documents.server";
import { markdownHtml } from "~/modules/text/markdown.server";

export const meta: MetaFunction = () => [{ title: "Program guide" }];

/** The spec's settings/program-guide: the program's guide (programInfoText), written by its program managers in Markdown and shown rendered and sanitised. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const text = viewer.tenant.siteConfig.programInfoText.trim();
  return json({ program: args.context.tenant.config.name, html: text ? markdownHtml(text) : null, documents: await guideDocuments(args.context.db), canEdit: isProgramManager(viewer) });
}

export default function ProgramGuidePage() {
  const { program, html, documents, canEdit } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Program guide</h1>
      {html ? <MarkdownArticle html={html} label={`${program}'s guide`} /> : <Card className="p-6 text-slate-700">{`${program} has not written a guide yet.`}</Card>}
      {documents.length > 0 ? (
        <Card className="p-6" aria-labelledby="guide-documents">
          <h2 id="guide-documents" className="mb-2 font-semibold">
            Documents
          </h2>
          <DocumentList documents={documents} />
        </Card>
      ) : null}
      {canEdit ? (
        <p className="flex flex-wrap gap-x-4 text-sm">
          <Link to="/program-settings" className="text-brand underline">
            Write the guide in Program Settings
          </Link>
          <Link to="/program-settings/guide" className="text-brand underline">
            Add documents to it
          </Link>
        </p>
      ) : null}
    </div>
  );
}
