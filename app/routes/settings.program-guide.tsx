import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MarkdownArticle } from "~/components/markdown-article";
import { Card } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import { markdownHtml } from "~/modules/text/markdown.server";

export const meta: MetaFunction = () => [{ title: "Program guide" }];

/** The spec's settings/program-guide: the program's guide (programInfoText), written by its program managers in Markdown and shown rendered and sanitised. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const text = viewer.tenant.siteConfig.programInfoText.trim();
  return json({ program: args.context.tenant.config.name, html: text ? markdownHtml(text) : null, canEdit: isProgramManager(viewer) });
}

export default function ProgramGuidePage() {
  const { program, html, canEdit } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Program guide</h1>
      {html ? <MarkdownArticle html={html} label={`${program}'s guide`} /> : <Card className="p-6 text-slate-700">{`${program} has not written a guide yet.`}</Card>}
      {canEdit ? (
        <p className="text-sm">
          <Link to="/program-settings" className="text-brand underline">
            Write the guide in Program Settings
          </Link>
        </p>
      ) : null}
    </div>
  );
}
