import { parseLink } from "~/modules/links/links";
import { HASHTAG_IN_TEXT, hashtagKey } from "./hashtags";

/** A piece of a post's text: plain, a #hashtag (its tag's key), or a web address (as written, the link it is, and its host). */
export type TextPart = { kind: "text"; text: string } | { kind: "hashtag"; text: string; tag: string } | { kind: "link"; text: string; url: string; host: string };

/** Web addresses as people write them in text: with a scheme, or starting with www. */
const ADDRESS_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
/** Punctuation that ends a sentence rather than an address ("see example.com/news."). */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/u;

function hashtagParts(text: string, unlinked: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_IN_TEXT)) {
    const tag = hashtagKey(match[1]!);
    if (unlinked.has(tag)) continue;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "hashtag", text: match[0], tag });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** The keys of the #hashtags written in a text. */
export function hashtagsInText(text: string) {
  return [...new Set(Array.from(text.matchAll(HASHTAG_IN_TEXT), (match) => hashtagKey(match[1]!)))];
}

/**
 * A post's text in parts, so that its #hashtags link to their pages and its
 * web addresses to where they go. A # inside an address is part of the
 * address; an address that is not a link people share (an IP address, a user
 * name and password) stays text, and so does a hashtag in `unlinked` (banned).
 */
export function textParts(text: string, unlinked: ReadonlySet<string> = new Set()): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    const written = match[0].replace(TRAILING_PUNCTUATION, "");
    const url = parseLink(written);
    if (!url) continue;
    parts.push(...hashtagParts(text.slice(last, match.index), unlinked));
    parts.push({ kind: "link", text: written, url: url.href, host: url.hostname });
    last = match.index + written.length;
  }
  parts.push(...hashtagParts(text.slice(last), unlinked));
  return parts;
}
