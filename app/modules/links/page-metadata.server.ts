/** What a web page says about itself for previews (Open Graph, Twitter cards, or its title and description). */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  type: string | null;
  imageUrl: URL | null;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** Text as a card shows it: entities decoded, whitespace collapsed, at most `max` characters; null when empty. */
function clean(value: string | undefined, max: number) {
  if (value === undefined) return null;
  const text = decodeEntities(value).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const ATTRIBUTE = /([a-z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The content of each <meta> tag, by its property or name (lower case); the first of each wins. */
function metaTags(head: string) {
  const found = new Map<string, string>();
  for (const [, attributes] of head.matchAll(/<meta\b([^>]*)>/gi)) {
    const values = new Map<string, string>();
    for (const match of attributes!.matchAll(ATTRIBUTE)) values.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
    const key = (values.get("property") ?? values.get("name"))?.toLowerCase();
    const content = values.get("content");
    if (key && content !== undefined && !found.has(key)) found.set(key, content);
  }
  return found;
}

function imageOf(meta: Map<string, string>, base: URL) {
  const value = ["og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"].map((key) => meta.get(key)).find(Boolean);
  if (!value) return null;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** Reads a page's preview from its HTML (only its head is looked at); `base` resolves a relative image address. */
export function readPageMetadata(html: string, base: URL): PageMetadata {
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const meta = metaTags(head);
  const title = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  return {
    title: clean(meta.get("og:title") ?? meta.get("twitter:title") ?? title, 300),
    description: clean(meta.get("og:description") ?? meta.get("twitter:description") ?? meta.get("description"), 500),
    siteName: clean(meta.get("og:site_name"), 100),
    type: clean(meta.get("og:type"), 50),
    imageUrl: imageOf(meta, base),
  };
}

/** How far into a page its charset is looked for when its answer named none (the HTML standard's prescan). */
const CHARSET_PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]{1,40})/i;

/**
 * A page's bytes as text: in the charset its answer named, else the one its
 * first <meta> names (<meta charset> or an http-equiv Content-Type), else
 * UTF-8; UTF-8 too for a charset this runtime does not know.
 */
export function pageText(body: Buffer, charset: string | null) {
  const named = charset ?? META_CHARSET.exec(body.subarray(0, CHARSET_PRESCAN_BYTES).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(named).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
