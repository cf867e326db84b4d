/**
 * The Server-Timing header of a rendered document: `data`, from the moment the
 * server took the request to the start of the render (tenant, session, loaders),
 * and `render`, React turning that data into HTML; `viewer`, where the page asked
 * who is signed in, is the part of `data` until the session and the person were
 * read, which every page of a signed-in person waits for (decision 087). Browsers'
 * developer tools show them, and `npm run bench` reads them to say where a page's
 * time goes.
 */
export function documentTiming(times: { requestStartedAt?: number; viewerKnownAt?: number; renderStartedAt: number; renderMs: number }) {
  const { requestStartedAt, viewerKnownAt, renderStartedAt, renderMs } = times;
  const parts = [`render;dur=${renderMs.toFixed(1)}`];
  if (requestStartedAt === undefined) return parts.join(", ");
  parts.unshift(`data;dur=${(renderStartedAt - requestStartedAt).toFixed(1)}`);
  if (viewerKnownAt !== undefined) parts.unshift(`viewer;dur=${(viewerKnownAt - requestStartedAt).toFixed(1)}`);
  return parts.join(", ");
}
