import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { NonceContext } from "~/components/nonce";
import { renderDocument } from "~/modules/http/render-document.server";
import { documentTiming } from "~/modules/http/server-timing";

/**
 * The document, rendered whole (decision 039). Nothing suspends on the
 * server: start-up preloads every lazy slot and no loader defers its data, so
 * every reader, with JavaScript or without, gets the complete page. A render
 * that throws outside any Suspense boundary reaches Remix, which renders the
 * error boundary and calls handleError.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const renderStartedAt = performance.now();
  const html = renderDocument(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    () => loadContext.log?.error({ event: "render_error", path: new URL(request.url).pathname }, "a part of the page failed to render; the browser renders it"),
  );
  loadContext.renderMs = performance.now() - renderStartedAt;
  const { startedAt: requestStartedAt, viewerKnownAt, renderMs } = loadContext;
  responseHeaders.append("Server-Timing", documentTiming({ requestStartedAt, viewerKnownAt, renderStartedAt, renderMs }));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // As bytes: a string body is first scanned for lone surrogates, a third of a millisecond on the feed.
  return new Response(Buffer.from(html), { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  context.log?.error({ event: "unhandled_error", err: error, path: new URL(request.url).pathname }, "unhandled error");
}

/** The server around the build (server.ts) reaches start-up and the HTTP app through here: one module graph. */
export * as platform from "~/modules/platform.server";
