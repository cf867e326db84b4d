import { PROGRAM_GUIDE_MAX } from "~/modules/tenants/schema";
import { markdownHtml } from "~/modules/text/markdown.server";

/** The guide being written, as its page will show it (rendered and sanitised); empty for no text. */
export function guidePreview(text: string) {
  const kept = text.slice(0, PROGRAM_GUIDE_MAX);
  return kept.trim() ? markdownHtml(kept) : "";
}
