import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import express from "express";
import type { RunningApp } from "~/modules/app.server";
import { SSO_PATHS } from "~/modules/auth/saml/single-sign-on.server";
import { createRequestContext, type RequestContext } from "~/modules/context.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { guardPluginRoutes } from "~/modules/plugins/route-guard.server";
import { isPageUpload, MAX_STREAMED_BODY_BYTES, TOO_LARGE_MESSAGE, tooLargeTarget } from "./body-limits";
import { BAD_REQUEST_MESSAGE, clientErrorStatus } from "./bad-input.server";
import { answerKnownFailures } from "./known-failures.server";
import { isCrossSite } from "./cross-site";
import { compressResponses } from "./compression.server";
import { isOutage } from "./outage";
import { securityHeaders } from "./security-headers.server";
import { staticFiles } from "./static-files.server";
import { unknownTenantPage } from "./unknown-tenant-page";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A cross-origin form post is refused: the cookie is SameSite=Lax, and this says
 * so explicitly. The SAML consumer is the exception: the IdP's page posts to it,
 * and its signed answer, not a cookie, is what it trusts.
 */
function isCrossOrigin(req: express.Request) {
  if (req.path === SSO_PATHS.consumer) return false;
  const headers = { origin: req.get("origin") ?? null, secFetchSite: req.get("sec-fetch-site") ?? null, referer: req.get("referer") ?? null };
  return isCrossSite(headers, `${req.protocol}://${req.get("host")}`);
}

export async function checkReadiness(app: RunningApp) {
  const checks: Record<string, "ok" | string> = {};
  try {
    await app.database.ping();
    checks.database = "ok";
  } catch (error) {
    checks.database = (error as Error).message;
  }
  if (app.redis) {
    try {
      await app.redis.ping();
      checks.redis = "ok";
    } catch (error) {
      checks.redis = (error as Error).message;
    }
  }
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}

export function createExpressApp(app: RunningApp, build: ServerBuild, publicDir = "public") {
  const maintenancePage = fs.readFileSync(path.join(publicDir, "static", "maintenance.html"), "utf8");
  /** The spec: a dependency the app cannot work without is down, so show the maintenance page. */
  const serveMaintenance = (res: express.Response) => {
    res.status(503).set("Retry-After", "30").type("html").send(maintenancePage);
  };
  const http = express();
  http.disable("x-powered-by");
  // Hops or addresses, never `true`: the client's address is the last one our own proxies vouch for.
  if (app.env.TRUST_PROXY !== false) http.set("trust proxy", app.env.TRUST_PROXY);

  http.use(securityHeaders);
  http.use(compressResponses);
  // The ceiling for every route (each route's action checks its own, lower limit). A body must say
  // its length up front, as every browser's form post does, so none is read past its limit.
  http.use((req, res, next) => {
    if (Number(req.get("content-length") ?? 0) > MAX_STREAMED_BODY_BYTES) {
      const url = new URL(req.originalUrl, "http://localhost");
      if (isPageUpload({ method: req.method, accept: req.get("accept") ?? null, contentType: req.get("content-type") ?? null })) res.redirect(303, tooLargeTarget(url));
      else res.status(413).type("text/plain").send(TOO_LARGE_MESSAGE);
      return;
    }
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res.status(411).type("text/plain").send("Send the length of the request's body.");
      return;
    }
    next();
  });

  http.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });
  // Says only whether the app is ready; what failed goes to the log, not to whoever asks.
  http.get("/readyz", async (_req, res) => {
    const { ready, checks } = await checkReadiness(app);
    if (!ready) app.log.warn({ event: "not_ready", checks }, "a dependency is not ready");
    res.status(ready ? 200 : 503).json({ ready });
  });

  http.use(staticFiles(publicDir));

  http.use(async (req, res, next) => {
    const requestId = req.get("x-request-id")?.slice(0, 100) || randomUUID();
    const fileTenant = app.tenants.resolve(req.get("host") ?? null);
    const started = performance.now();
    const log = app.log.child({ requestId, tenant: fileTenant?.config.subdomain ?? null });
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;
    res.locals.log = log;
    res.locals.startedAt = started;
    res.on("finish", () => {
      const context = res.locals.context as RequestContext | undefined;
      log.info(
        {
          event: "request",
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          renderMs: context?.renderMs === undefined ? undefined : Math.round(context.renderMs),
          employeeId: context?.employeeId ?? null,
          originalEmployeeId: context?.originalEmployeeId,
        },
        "request",
      );
    });
    if (!fileTenant) {
      res.status(404).type("html").send(unknownTenantPage);
      return;
    }
    if (!SAFE_METHODS.has(req.method) && isCrossOrigin(req)) {
      res.status(403).type("text/plain").send("Cross-origin requests are not accepted.");
      return;
    }
    // ioredis knows its connection state without a round trip; it reconnects by itself.
    if (app.redis && app.redis.status !== "ready") {
      log.warn({ event: "dependency_down", dependency: "redis", status: app.redis.status }, "redis unavailable");
      serveMaintenance(res);
      return;
    }
    try {
      res.locals.tenant = await app.tenantSettings.effective(fileTenant);
      next();
    } catch (error) {
      next(error);
    }
  });

  const guardedBuild = answerKnownFailures(guardPluginRoutes(build, app.registry));
  http.all(
    "*",
    createRequestHandler({
      build: guardedBuild,
      mode: app.env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res): AppLoadContext => {
        const context = createRequestContext(app, res.locals.tenant as Tenant, {
          requestId: res.locals.requestId as string,
          log: res.locals.log as RunningApp["log"],
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
          cspNonce: res.locals.cspNonce as string,
          startedAt: res.locals.startedAt as number,
        });
        res.locals.context = context;
        return context as AppLoadContext;
      },
    }),
  );
  http.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const log = (res.locals.log as RunningApp["log"] | undefined) ?? app.log;
    if (isOutage(error)) {
      log.warn({ event: "dependency_down", err: (error as Error).message }, "a dependency is unavailable");
      serveMaintenance(res);
      return;
    }
    const clientStatus = clientErrorStatus(error);
    if (clientStatus !== null) {
      log.warn({ event: "request_refused", status: clientStatus, err: (error as Error).message }, "request refused");
      res.status(clientStatus).type("text/plain").send(clientStatus === 400 ? BAD_REQUEST_MESSAGE : "This request can't be answered.");
      return;
    }
    log.error({ event: "request_failed", err: error }, "request failed");
    res.status(500).type("text/plain").send("Something went wrong.");
  });
  return http;
}
