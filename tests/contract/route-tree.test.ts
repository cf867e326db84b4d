import fs from "node:fs";
import path from "node:path";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import { pluginRouteManifest } from "../../scripts/plugin-routes.js";

type RouteEntry = { id: string; file: string; parentId?: string; path?: string };

/**
 * Flat-route names nest by prefix: a page named "delegation.tsx" silently becomes
 * the parent of "delegation.admin.tsx", and its guard then runs for both. A route
 * with children must therefore be a layout that renders an <Outlet />.
 */
describe("the route tree", () => {
  const routes = {
    ...(flatRoutes(path.resolve("app"), ["**/.*", "**/*.test.*"]) as Record<string, RouteEntry>),
    ...(pluginRouteManifest("plugins", "app") as Record<string, RouteEntry>),
  };

  it("nests routes only under layouts that render an Outlet", () => {
    const parents = new Set(Object.values(routes).map((route) => route.parentId).filter((id) => id && id !== "root"));
    for (const parentId of parents) {
      const source = fs.readFileSync(path.resolve("app", routes[parentId!].file), "utf8");
      expect(source, `${routes[parentId!].file} has child routes`).toContain("<Outlet");
    }
  });

  it("mounts the spec's paths", () => {
    const paths = new Set(Object.values(routes).map((route) => route.path));
    for (const expected of ["login", "login/reset", "login/register", "reset/set/:token", "redeem", "activate-lot", "create-lot", "delegation/admin"]) {
      expect(paths, expected).toContain(expected);
    }
  });
});
