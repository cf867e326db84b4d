/**
 * Links people attach to what they write (spec: Links): what counts as a
 * link, which ones stay on the program's own site, and which ones play as an
 * embedded video. Shared by the server (which checks and previews them) and the
 * browser (which warns before leaving).
 */

export const LINK_MAX_LENGTH = 2000;
export const INVALID_LINK = "Enter a web address with a domain, such as example.com/news.";
export const LEAVING_TITLE = "Heads Up – You're Leaving Our Site";

/** A host name with a top-level domain: labels of letters, digits and hyphens, the last one a real TLD (letters, or punycode). */
const HOST_WITH_TLD = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The link a person typed, or null when it is not one: an http(s) address
 * whose host has a top-level domain (an address without a scheme gets https).
 * Addresses with a user name or password, or an IP address for a host, are
 * not links people share.
 */
export function parseLink(typed: string): URL | null {
  const trimmed = typed.trim();
  if (trimmed === "" || trimmed.length > LINK_MAX_LENGTH || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || !HOST_WITH_TLD.test(url.hostname)) return null;
  url.hash = url.hash === "#" ? "" : url.hash;
  return url;
}

export const LOCAL_LINK = "Links to private or local addresses (such as localhost or 192.168.1.10) are not previewed or added as links. You can still write the address in your post.";

/**
 * Why what was typed is not a link: an address of a private or local host (an IP address, a
 * name without a domain such as localhost), or not a web address at all.
 */
export function linkProblem(typed: string) {
  const trimmed = typed.trim();
  try {
    const { hostname } = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    const bare = hostname.replace(/^\[|\]$/g, "");
    if (/^[\d.]+$/.test(bare) || bare.includes(":") || (bare !== "" && !bare.includes("."))) return LOCAL_LINK;
  } catch {
    // Not an address at all.
  }
  return INVALID_LINK;
}

/** Whether a link stays on the program's own site (its public origin's host); every other link warns before leaving. */
export function isInternalLink(url: URL, ownHost: string) {
  return url.hostname === ownHost.toLowerCase();
}

/** The warning page a link to another site goes through without JavaScript; `back` is where 'Go Back' returns. */
export function leavingPath(url: string, back: string) {
  return `/leaving?${new URLSearchParams({ to: url, back })}`;
}

export interface VideoEmbed {
  provider: "YouTube" | "Vimeo";
  /** The player's address, for an iframe. */
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

function youTubeId(url: URL) {
  if (url.hostname === "youtu.be") return url.pathname.slice(1);
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === "/watch") return url.searchParams.get("v");
  const [, section, id] = url.pathname.split("/");
  return section === "embed" || section === "shorts" || section === "live" ? (id ?? null) : null;
}

function vimeoId(url: URL) {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const id = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(url.pathname)?.[1];
  return id ?? null;
}

/** The embedded player of a link to one of the two video sites (spec: Links; a YouTube id has 11 characters), or null. */
export function videoEmbed(url: URL): VideoEmbed | null {
  const youTube = youTubeId(url);
  if (youTube !== null && YOUTUBE_ID.test(youTube)) return { provider: "YouTube", src: `https://www.youtube-nocookie.com/embed/${youTube}` };
  const vimeo = vimeoId(url);
  if (vimeo !== null) return { provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeo}` };
  return null;
}

/** The players embedded links may load, for the pages' Content-Security-Policy. */
export const VIDEO_EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** A link's preview as a card draws it (spec: Link metadata). */
export interface LinkPreview {
  url: string;
  host: string;
  title: string | null;
  description: string | null;
  siteName: string | null;
  type: string | null;
  /** The site's picture, fetched and stored as one of the program's assets. */
  image: { src: string; width: number | null; height: number | null } | null;
  embed: VideoEmbed | null;
  /** It stays on the program's own site: no leave-site warning. */
  internal: boolean;
}
