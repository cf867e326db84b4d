import http from "node:http";
import type { RunningApp } from "~/modules/app.server";
import { loadBuild } from "./built-app";

/**
 * A request to a local server with a chosen Host header (fetch does not let
 * a caller set Host), as a browser at `<subdomain>.localhost` would send it.
 */
export function requestHost(
  port: number,
  host: string,
  pathname: string,
  init: { method?: string; form?: Record<string, string>; rawBody?: string | Buffer; cookie?: string; headers?: Record<string, string> } = {},
) {
  const body = init.form ? new URLSearchParams(init.form).toString() : init.rawBody;
  return new Promise<{ status: number; location: string | null; cookie: string | null; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: init.method ?? "GET",
        headers: {
          Host: `${host}:${port}`,
          ...(body !== undefined ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } : {}),
          ...(init.cookie ? { Cookie: init.cookie } : {}),
          ...init.headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            cookie: response.headers["set-cookie"]?.[0]?.split(";")[0] ?? null,
            body: text,
            headers: response.headers,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * The built app (`npm run build` runs before the tests) behind the real express
 * server, on a free port. `app` must come from the build too (createTestApp with
 * `built: true`), as in production: one copy of every module.
 */
export async function serveBuiltApp(app: RunningApp) {
  const build = await loadBuild();
  const server = build.entry.module.platform.createExpressApp(app, build).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: (server.address() as { port: number }).port };
}
