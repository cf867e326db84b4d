import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installedPlugins } from "../../plugins";
import { pluginRouteManifest } from "../../scripts/plugin-routes.js";

/** Core code and core tests (a plugin's tests live in its folder; fixtures are plugins of their own). */
function coreSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join("tests", "fixtures") ? [] : coreSources(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The core knows plugins only through the registry: a new plugin touches nothing
 * outside its folder. So no core source or core test names an installed
 * plugin's id, its permissions, its ledger kinds or its URLs.
 */
describe("a plugin's footprint in the core", () => {
  const sources = [...coreSources("app"), ...coreSources("tests")].map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
  const routes = Object.values(pluginRouteManifest("plugins", "app")) as { id: string; path?: string }[];
  const corePaths = fs.readdirSync(path.join("app", "routes")).map((file) => `/${file.replace(/\.tsx?$/, "").split(".").filter((segment) => !segment.startsWith("_")).join("/")}`);
  // A plugin's URL that core URLs continue (a plugin's /admin, the core's /admin/people) is named only as a whole string literal.
  const shared = (url: string) => corePaths.some((core) => core.startsWith(`${url}/`));
  const urlPattern = (url: string) => (shared(url) ? `(?<=["'\`])${escape(url)}(?=["'\`?#])` : `${escape(url)}\\b`);

  for (const plugin of installedPlugins) {
    it(`is nothing but registry entries for ${plugin.id}`, () => {
      const paths = routes.filter((route) => route.id.startsWith(`plugins/${plugin.id}/`) && route.path && !route.path.includes(":")).map((route) => `/${route.path}`);
      const names = [plugin.id, ...Object.keys(plugin.permissions ?? {}), ...Object.keys(plugin.transferKinds ?? {})];
      const pattern = new RegExp([...names.map((name) => `\\b${escape(name)}\\b`), ...paths.map(urlPattern)].join("|"));
      const mentions = sources.flatMap(({ file, text }) => [...text.matchAll(new RegExp(pattern, "g"))].map((match) => `${file}: ${match[0]}`));
      expect(mentions).toEqual([]);
    });
  }
});
