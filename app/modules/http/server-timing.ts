/**
 * The Server-Timing header of a rendered document: `data`, from the moment the
 * server took the request to the start of the render (tenant, session, loaders),
 * and `render`, React turning that data into HTML. Browsers' developer tools
 * show both, and `npm run bench` reads them to say where a page's time goes.
 */
export function documentTiming(requestStartedAt: number | undefined, renderStartedAt: number, renderMs: number) {
  const parts = [`render;dur=${renderMs.toFixed(1)}`];
  if (requestStartedAt !== undefined) parts.unshift(`data;dur=${(renderStartedAt - requestStartedAt).toFixed(1)}`);
  return parts.join(", ");
}
