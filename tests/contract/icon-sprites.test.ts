import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { namesIn, spriteFolders, spriteOf } from "../../scripts/icon-sprites";

it("draws every sprite from its names with lucide's own drawings (npm run icons writes them)", async () => {
  const folders = spriteFolders();
  expect(folders.map((folder) => path.relative(process.cwd(), folder))).toContain("app/components/ui/icons");
  for (const folder of folders) {
    const written = fs.readFileSync(path.join(folder, "sprite.svg"), "utf8");
    expect(written, `${path.relative(process.cwd(), folder)}/sprite.svg: run npm run icons`).toBe(await spriteOf(await namesIn(folder)));
  }
});

it("draws an icon as lucide does: its shapes in a symbol of the icon's name", async () => {
  expect(await spriteOf(["circle"])).toBe('<svg xmlns="http://www.w3.org/2000/svg">\n<symbol id="circle" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/></symbol>\n</svg>\n');
});
