import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";

const ABORT_DELAY_MS = 5000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and no-JavaScript clients alike get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Rendering gives up after ABORT_DELAY_MS; once all is rendered the timer goes, and with it what it kept alive (the whole render).
    let giveUp: NodeJS.Timeout | undefined;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(giveUp);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(giveUp);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log?.error({ event: "render_error", err: error }, "render error");
        },
      },
    );
    giveUp = setTimeout(abort, ABORT_DELAY_MS);
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  context.log?.error({ event: "unhandled_error", err: error, path: new URL(request.url).pathname }, "unhandled error");
}

/** The server around the build (server.ts) reaches start-up and the HTTP app through here: one module graph. */
export * as platform from "~/modules/platform.server";
