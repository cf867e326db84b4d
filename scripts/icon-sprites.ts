import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm run icons`: writes each sprite.svg from the names.ts beside it (the core's in
 * app/components/ui/icons, a plugin's in plugins/<id>/icons), one <symbol> per name with lucide's
 * own drawing. tests/contract/icon-sprites.test.ts fails when a sprite differs from its names.
 */

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The folders that hold a sprite: each has names.ts and sprite.svg. */
export function spriteFolders(root = process.cwd()) {
  const plugins = path.join(root, "plugins");
  const pluginFolders = fs.existsSync(plugins) ? fs.readdirSync(plugins).map((id) => path.join(plugins, id, "icons")) : [];
  return [path.join(root, "app/components/ui/icons"), ...pluginFolders].filter((folder) => fs.existsSync(path.join(folder, "names.ts")));
}

/** How lucide draws: lines in the text's colour (the <use>'s, inherited into the symbol). */
const LUCIDE_STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite of lucide's icons by name. */
export async function spriteOf(names: readonly string[]) {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } };
      const shapes = __iconData.node.map(([tag, attributes]) => {
        const drawn = Object.entries(attributes).filter(([attribute]) => attribute !== "key");
        return `<${tag} ${drawn.map(([attribute, value]) => `${attribute}="${value}"`).join(" ")}/>`;
      });
      return `<symbol id="${name}" viewBox="0 0 24 24" ${LUCIDE_STROKE}>${shapes.join("")}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

export async function namesIn(folder: string) {
  return ((await import(pathToFileURL(path.join(folder, "names.ts")).href)) as { ICON_NAMES: readonly string[] }).ICON_NAMES;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  for (const folder of spriteFolders()) {
    fs.writeFileSync(path.join(folder, "sprite.svg"), await spriteOf(await namesIn(folder)));
    console.log(`wrote ${path.relative(process.cwd(), path.join(folder, "sprite.svg"))}`);
  }
}
