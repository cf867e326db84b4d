import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/** Markdown without raw HTML (it is shown as text), links only to web and mail addresses. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "code", "pre", "hr"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["https", "http", "mailto"],
  transformTags: { h1: "h2", a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

/** Markdown a program wrote (a letter, its guide) as HTML a page may show: rendered without raw HTML, then sanitised (a second guard that owes nothing to the first). */
export function markdownHtml(text: string) {
  return sanitizeHtml(markdown.render(text), allowed);
}
