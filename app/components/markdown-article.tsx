/** HTML rendered from a program's Markdown on the server (markdownHtml: sanitised there), in the app's type. */
export function MarkdownArticle({ html, label }: { html: string; label?: string }) {
  return (
    <article
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm [&_a]:text-brand [&_a]:underline [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:font-semibold [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
