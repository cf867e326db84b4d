import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertNoPathClash, pluginRouteManifest, routeTable } from "../../scripts/plugin-routes.js";

type RouteEntry = { id: string; file: string; parentId?: string; path?: string; index?: boolean };

/** A throwaway plugins/ folder: { "<plugin>/<file>": "" } */
function pluginsFolder(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-routes-"));
  for (const [name, source] of Object.entries(files)) {
    const [pluginId, ...rest] = name.split("/");
    const file = path.join(dir, pluginId!, "routes", ...rest);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source || "export const loader = () => null;\n");
  }
  folders.push(dir);
  return dir;
}
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("plugin routes follow Remix's own flat-route rules", () => {
  it("treats a pathless layout, an opted-out parent, escapes, folders and index routes as app/routes does", () => {
    const routes = pluginRouteManifest(
      pluginsFolder({
        "shop/_layout.tsx": "",
        "shop/_layout.foo.tsx": "",
        "shop/orders.tsx": "",
        "shop/orders_.print.tsx": "",
        "shop/feed[.]json.tsx": "",
        "shop/board.$id/route.tsx": "",
        "shop/board._index.tsx": "",
      }),
    ) as Record<string, RouteEntry>;
    expect(routes["plugins/shop/_layout"]).toMatchObject({ parentId: "root", path: undefined });
    expect(routes["plugins/shop/_layout.foo"]).toMatchObject({ parentId: "plugins/shop/_layout", path: "foo" });
    expect(routes["plugins/shop/orders_.print"]).toMatchObject({ parentId: "root", path: "orders/print" });
    expect(routes["plugins/shop/feed[.]json"]).toMatchObject({ path: "feed.json" });
    expect(routes["plugins/shop/board.$id"]).toMatchObject({ path: "board/:id" });
    expect(routes["plugins/shop/board.$id"]!.file).toMatch(/shop\/routes\/board\.\$id\/route\.tsx$/);
    expect(routes["plugins/shop/board._index"]).toMatchObject({ index: true, path: "board" });
  });

  it("fails when two routes of one plugin answer the same URL", () => {
    expect(() => pluginRouteManifest(pluginsFolder({ "shop/store.tsx": "", "shop/store/route.tsx": "" }))).toThrow(/store/);
  });

  it("fails when two plugins answer the same URL", () => {
    const routes = pluginRouteManifest(pluginsFolder({ "one/gifts.$id.tsx": "", "two/gifts.$giftId.tsx": "" }));
    expect(() => assertNoPathClash(routes)).toThrow(/Two routes answer the same URL:\n  \/gifts\/:/);
  });

  it("fails when a plugin answers a core URL, and passes for the installed plugins", () => {
    const { core, plugins } = routeTable();
    expect(() => assertNoPathClash({ ...core, ...plugins })).not.toThrow();
    const clash = pluginRouteManifest(pluginsFolder({ "rogue/redeem.tsx": "" }));
    expect(() => assertNoPathClash({ ...core, ...clash })).toThrow(/\/redeem: .*routes\/redeem\.tsx/);
  });
});

/**
 * Flat-route names nest by prefix: a page named "delegation.tsx" silently becomes
 * the parent of "delegation.admin.tsx", and its guard then runs for both. A route
 * with children must therefore be a layout that renders an <Outlet />.
 */
describe("the route tree", () => {
  const { core, plugins } = routeTable();
  const routes = { ...core, ...plugins } as Record<string, RouteEntry>;

  it("nests routes only under layouts that render an Outlet", () => {
    const parents = new Set(Object.values(routes).map((route) => route.parentId).filter((id) => id && id !== "root"));
    for (const parentId of parents) {
      const source = fs.readFileSync(path.resolve("app", routes[parentId!]!.file), "utf8");
      expect(source, `${routes[parentId!]!.file} has child routes`).toContain("<Outlet");
    }
  });

  it("mounts the spec's paths", () => {
    const paths = new Set(Object.values(routes).map((route) => route.path));
    for (const expected of ["login", "login/reset", "login/register", "reset/set/:token", "redeem", "delegation/admin"]) {
      expect(paths, expected).toContain(expected);
    }
  });
});
