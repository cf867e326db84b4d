import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES } from "./body-limits";
import { answerKnownFailures } from "./known-failures.server";

/** A build of one route whose loader and action say they ran. */
function oneRoute() {
  const module = { loader: async () => "loaded", action: async () => "acted" };
  const build = { routes: { page: { id: "page", path: "page", module } } } as unknown as ServerBuild;
  const route = answerKnownFailures(build).routes.page!.module as unknown as { loader: (args: unknown) => Promise<unknown>; action: (args: unknown) => Promise<unknown> };
  return route;
}

const context = { log: { info() {}, warn() {} } } as unknown as AppLoadContext;
const largeBody = { "Content-Length": String(DEFAULT_MAX_BODY_BYTES + 1), "Content-Type": "multipart/form-data; boundary=x" };

describe("a route's body limit", () => {
  it("refuses a body past it before the action reads it", async () => {
    const request = new Request("http://acme.localhost/page", { method: "POST", headers: largeBody, body: "x".repeat(DEFAULT_MAX_BODY_BYTES + 1) });
    const refused = await oneRoute().action({ request, context, params: {} }).catch((thrown: unknown) => thrown);
    expect((refused as Response).status).toBe(413);
  });

  it("leaves the loaders Remix runs after a page's action alone: they get a GET with the action's headers", async () => {
    const request = new Request("http://acme.localhost/page", { method: "GET", headers: largeBody });
    expect(await oneRoute().loader({ request, context, params: {} })).toBe("loaded");
  });
});
