import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installedPlugins } from "../../plugins";
import { pluginRouteManifest } from "../../scripts/plugin-routes.js";

function coreSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return coreSources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The core knows plugins only through the registry: a new plugin touches nothing
 * outside its folder but its line in each index. So no core source names an
 * installed plugin's id, its permissions, its ledger kinds or its URLs.
 */
describe("a plugin's footprint in the core", () => {
  const sources = coreSources("app").map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
  const routes = Object.values(pluginRouteManifest("plugins", "app")) as { id: string; path?: string }[];

  for (const plugin of installedPlugins) {
    it(`is nothing but registry entries for ${plugin.id}`, () => {
      const paths = routes.filter((route) => route.id.startsWith(`plugins/${plugin.id}/`) && route.path && !route.path.includes(":")).map((route) => `/${route.path}`);
      const names = [plugin.id, ...Object.keys(plugin.permissions ?? {}), ...Object.keys(plugin.transferKinds ?? {})];
      const pattern = new RegExp([...names.map((name) => `\\b${escape(name)}\\b`), ...paths.map((p) => `${escape(p)}\\b`)].join("|"));
      const mentions = sources.filter(({ text }) => pattern.test(text)).map(({ file, text }) => `${file}: ${pattern.exec(text)![0]}`);
      expect(mentions).toEqual([]);
    });
  }
});
