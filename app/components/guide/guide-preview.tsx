import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { MarkdownArticle } from "~/components/markdown-article";

/** How long typing pauses before the preview is asked for. */
const PAUSE_MS = 400;

/**
 * The guide as it will show, rendered and sanitised on the server from `text` as a program
 * manager types it (`text` is null until they do). Only with JavaScript: without, the guide
 * page shows the result once saved.
 */
export function GuidePreview({ text }: { text: string | null }) {
  const fetcher = useFetcher<{ preview: string }>();
  const { submit } = fetcher;
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => submit({ intent: "preview", text }, { method: "post", action: "/program-settings/guide" }), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, submit]);
  if (text === null) return null;
  const html = fetcher.data?.preview;
  return (
    <section aria-label="Preview of the guide" aria-busy={fetcher.state !== "idle"} className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">Preview</h3>
      {html ? <MarkdownArticle html={html} /> : <p className="text-sm text-slate-700">{html === "" ? "The guide is empty." : "Rendering…"}</p>}
    </section>
  );
}
