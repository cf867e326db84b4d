import { sql } from "kysely";
import type { Logger } from "pino";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { storeUpload } from "~/modules/storage/assets.server";
import { assetSource } from "~/modules/storage/asset-source";
import type { BlobStore } from "~/modules/storage/blob-store.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { BlockedAddressError, guardedFetch, type Resolve } from "./guarded-fetch.server";
import { isInternalLink, videoEmbed, type LinkPreview } from "./links";
import { pageText, readPageMetadata, type PageMetadata } from "./page-metadata.server";
import type { ActionLimiter } from "~/modules/limits/action-limiter.server";
import { PREVIEW_LIMIT } from "./preview-limiter.server";

/** A preview fetched within this long is used again rather than fetched anew. */
const FRESH_FOR_HOURS = 24;
/** Enough of a page to hold its head. */
const PAGE_BYTES = 512 * 1024;

export interface LinkPreviewDeps {
  storage: BlobStore;
  log: Logger;
  /** How many pages each person may have fetched. */
  limits: ActionLimiter;
  /** How hosts are resolved (DNS; tests name their own addresses). */
  resolve?: Resolve;
}

const NO_METADATA: PageMetadata = { title: null, description: null, siteName: null, type: null, imageUrl: null };

/** What the page at `url` says about itself; nothing when it is not a web page, cannot be reached or may not be. */
async function fetchMetadata(deps: LinkPreviewDeps, url: URL) {
  const page = await guardedFetch(url, { accept: "text/html,application/xhtml+xml", maxBytes: PAGE_BYTES, resolve: deps.resolve });
  if (!page || !/^(text\/html|application\/xhtml\+xml)$/.test(page.contentType)) return NO_METADATA;
  return readPageMetadata(pageText(page.body, page.charset), page.url);
}

/** The page's picture, checked and re-encoded like any upload and stored as the program's; null when there is none to be had. */
async function storeImage(deps: LinkPreviewDeps, db: ProgramDb, imageUrl: URL, employeeId: number) {
  const image = await guardedFetch(imageUrl, { accept: "image/*", maxBytes: uploadKinds.image.maxBytes, resolve: deps.resolve });
  if (!image || image.truncated) return null;
  const stored = await storeUpload(deps.storage, db, { bytes: image.body, fileName: "link-preview", kind: "image", purpose: "feed", employeeId });
  return stored.ok ? stored.asset.id : null;
}

async function fetchSafely<T>(deps: LinkPreviewDeps, url: URL, what: string, fetch: () => Promise<T>, otherwise: T): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    const blocked = error instanceof BlockedAddressError;
    deps.log[blocked ? "warn" : "info"]({ event: blocked ? "link_preview_blocked" : "link_preview_failed", what, host: url.hostname, err: (error as Error).message }, `no ${what} for a link`);
    return otherwise;
  }
}

/**
 * The id of `url`'s preview in `db`'s program: one fetched in the last day, or
 * one fetched now (its page's title, description, site name and type, and its
 * picture stored as an asset). A page that cannot be read still gets a row, its
 * address and host only, so the link is shown plainly. A person past their
 * allowance of fetches gets TooManyActions.
 */
export async function previewLink(deps: LinkPreviewDeps, db: ProgramDb, url: URL, employeeId: number): Promise<number> {
  const recent = await db
    .selectFrom("link_preview")
    .select("id")
    .where("url", "=", url.href)
    .where("fetched_at", ">", sql<Date>`now() - make_interval(hours => ${FRESH_FOR_HOURS})`)
    .orderBy("fetched_at", "desc")
    .executeTakeFirst();
  if (recent) return recent.id;
  await deps.limits.take(PREVIEW_LIMIT, `previews:${db.programId}:${employeeId}`);
  const metadata = await fetchSafely(deps, url, "page", () => fetchMetadata(deps, url), NO_METADATA);
  const imageAssetId = metadata.imageUrl ? await fetchSafely(deps, metadata.imageUrl, "picture", () => storeImage(deps, db, metadata.imageUrl!, employeeId), null) : null;
  const row = await db
    .insertInto("link_preview", {
      url: url.href,
      host: url.hostname,
      title: metadata.title,
      description: metadata.description,
      site_name: metadata.siteName,
      type: metadata.type,
      image_asset_id: imageAssetId,
      fetched_by: employeeId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The columns a preview is drawn from, for a query that joins `link_preview` (and its picture, as `link_picture`). */
export const linkPreviewColumns = [
  "link_preview.url as link_url",
  "link_preview.host as link_host",
  "link_preview.title as link_title",
  "link_preview.description as link_description",
  "link_preview.site_name as link_site_name",
  "link_preview.type as link_type",
  "link_picture.id as link_picture_id",
  "link_picture.name as link_picture_name",
  "link_picture.width as link_picture_width",
  "link_picture.height as link_picture_height",
] as const;

export interface LinkPreviewRow {
  link_url: string | null;
  link_host: string | null;
  link_title: string | null;
  link_description: string | null;
  link_site_name: string | null;
  link_type: string | null;
  link_picture_id: string | null;
  link_picture_name: string | null;
  link_picture_width: number | null;
  link_picture_height: number | null;
}

/** A preview as a card draws it; `siteHost` is the host the viewer is on (a link there is not leaving). */
export function toLinkPreview(row: LinkPreviewRow, siteHost: string): LinkPreview | null {
  if (!row.link_url || !row.link_host) return null;
  const url = new URL(row.link_url);
  return {
    url: row.link_url,
    host: row.link_host,
    title: row.link_title,
    description: row.link_description,
    siteName: row.link_site_name,
    type: row.link_type,
    image: row.link_picture_id && row.link_picture_name ? { src: assetSource(row.link_picture_id, row.link_picture_name), width: row.link_picture_width, height: row.link_picture_height } : null,
    embed: videoEmbed(url),
    internal: isInternalLink(url, siteHost),
  };
}

/** One preview of `db`'s program by id, or null. */
export async function findLinkPreview(db: ProgramDb, id: number, siteHost: string) {
  const row = await db
    .selectFrom("link_preview")
    .leftJoin("asset as link_picture", "link_picture.id", "link_preview.image_asset_id")
    .select(linkPreviewColumns)
    .where("link_preview.id", "=", id)
    .executeTakeFirst();
  return row ? toLinkPreview(row, siteHost) : null;
}
