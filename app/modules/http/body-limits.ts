/** What a route's form posts may weigh unless the route says otherwise: far above any form here, far below harm. */
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

/** The most a route whose form is read into memory may declare: a picture upload (10 MB) and its form. */
export const MAX_BODY_BYTES = 11 * 1024 * 1024;

/** The most a route that streams its upload to disk may declare: a video (100 MB) and its form. Also the server's ceiling. */
export const MAX_STREAMED_BODY_BYTES = 101 * 1024 * 1024;

export const TOO_LARGE_MESSAGE = "That request is too large.";

/**
 * A route's `handle` that raises (or lowers) the size of the bodies its action
 * accepts. An upload page (`upload`) gets its too-large form posts back as
 * ?tooLarge=1, and says so beside its file field; one that streams its file to
 * disk instead of reading it into memory (`streamed`) may take a video.
 */
export function bodyLimit(maxBodyBytes: number, { upload = false, streamed = false } = {}) {
  const most = streamed ? MAX_STREAMED_BODY_BYTES : MAX_BODY_BYTES;
  if (maxBodyBytes > most) throw new Error(`A route may accept at most ${most} bytes`);
  return { maxBodyBytes, upload } as const;
}

/** The limit a route's `handle` declares (or the default), and whether it is an upload page. */
export function bodyLimitOf(handle: unknown) {
  const { maxBodyBytes, upload } = (handle ?? {}) as { maxBodyBytes?: unknown; upload?: unknown };
  return { maxBodyBytes: typeof maxBodyBytes === "number" ? maxBodyBytes : DEFAULT_MAX_BODY_BYTES, upload: upload === true };
}

/** The query parameter a page gets back when the form it posted was too large (its upload field says why). */
export const TOO_LARGE_PARAM = "tooLarge";

/**
 * Whether a refused body is an upload page's own form post (no JavaScript, so
 * the browser could not check the file first): it goes back to its page, which
 * names the limit beside its field, rather than to a bare 413. A script's
 * request (which accepts no HTML) and any other form keep the 413.
 */
export function isPageUpload(request: { method: string; accept: string | null; contentType: string | null }) {
  return request.method === "POST" && (request.accept ?? "").includes("text/html") && (request.contentType ?? "").startsWith("multipart/form-data");
}

/** Where a page's too-large post is sent back to: the same page, saying so. */
export function tooLargeTarget(url: URL) {
  const back = new URL(url);
  back.searchParams.set(TOO_LARGE_PARAM, "1");
  return `${back.pathname}${back.search}`;
}
