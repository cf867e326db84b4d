import type { ServerBuild } from "@remix-run/node";
import { BAD_REQUEST_MESSAGE, isBadInput } from "./bad-input.server";
import { redirect } from "@remix-run/node";
import { bodyLimitOf, isPageUpload, TOO_LARGE_MESSAGE, tooLargeTarget } from "./body-limits";
import { isOutage } from "./outage";
import { type DataFunction, wrapDataFunctions } from "./wrap-build.server";

/** The spec's maintenance answer, for a dependency lost in the middle of a request. */
export const MAINTENANCE_STATUS = 503;
const RETRY_AFTER_SECONDS = "30";

async function discardBody(request: Request) {
  const reader = request.body?.getReader();
  if (!reader) return;
  while (!(await reader.read()).done);
}

function hasBody(request: Request) {
  return request.method !== "GET" && request.method !== "HEAD";
}

function answeringKnownFailures(fn: DataFunction, limit: ReturnType<typeof bodyLimitOf>): DataFunction {
  return async (args) => {
    const { request } = args;
    // Only a request with a body: the loaders Remix runs after a page's action get a GET with the action's headers.
    if (hasBody(request) && Number(request.headers.get("content-length") ?? 0) > limit.maxBodyBytes) {
      // Read to its end (the server's ceiling bounds it) and dropped: a browser still sending the
      // body reads no answer before it is done, and a body left unread would hold the connection.
      await discardBody(request);
      const url = new URL(request.url);
      if (limit.upload && isPageUpload({ method: request.method, accept: request.headers.get("accept"), contentType: request.headers.get("content-type") })) {
        throw redirect(tooLargeTarget(url), 303);
      }
      throw new Response(TOO_LARGE_MESSAGE, { status: 413, statusText: "Payload Too Large" });
    }
    try {
      return await fn(args);
    } catch (error) {
      if (isBadInput(error)) {
        args.context.log.info({ event: "bad_input", err: (error as Error).message }, "request refused as bad input");
        throw new Response(BAD_REQUEST_MESSAGE, { status: 400, statusText: "Bad Request" });
      }
      if (isOutage(error)) {
        args.context.log.warn({ event: "dependency_down", err: (error as Error).message }, "a dependency was lost during the request");
        throw new Response("Down for maintenance", {
          status: MAINTENANCE_STATUS,
          statusText: "Service Unavailable",
          headers: { "Retry-After": RETRY_AFTER_SECONDS },
        });
      }
      throw error;
    }
  };
}

/**
 * The build with every loader and action answering what is not a bug with its
 * own page instead of a 500: a body over the route's limit with a 413 (before
 * it is read; an upload page's own form post goes back to it, ?tooLarge=1), bad input with a 400, a database or Redis lost mid-request with
 * the maintenance page (503).
 */
export function answerKnownFailures(build: ServerBuild): ServerBuild {
  return wrapDataFunctions(build, (fn, routeId) => answeringKnownFailures(fn, bodyLimitOf(build.routes[routeId]!.module.handle)));
}
