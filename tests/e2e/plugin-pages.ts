import fs from "node:fs";
import path from "node:path";

/** A plugin's pages by route id, each with where axe checks it (a spec, a test). */
export type CheckedPages = Record<string, string>;

/** Every plugin's list of checked pages, from plugins/<id>/tests/pages.ts. */
export async function pluginCheckedPages(): Promise<CheckedPages> {
  const lists = fs
    .readdirSync("plugins", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join("plugins", entry.name, "tests", "pages.ts")))
    .map(async (entry) => ((await import(path.resolve("plugins", entry.name, "tests", "pages.ts"))) as { checkedPages: CheckedPages }).checkedPages);
  return Object.assign({}, ...(await Promise.all(lists)));
}
