import fs from "node:fs";
import { expect, it } from "vitest";

// `npm test` builds before it runs this. One character beyond Latin-1 anywhere in the file makes V8 keep
// its whole source (15 MB) at two bytes a character in every process (decision 114).
it("writes the server bundle in ASCII", () => {
  if (!fs.existsSync("build/index.js")) throw new Error("No build: run `npm run build` first.");
  const source = fs.readFileSync("build/index.js", "utf8");
  const beyond = [...source.matchAll(/[^\x00-\x7f]/g)].slice(0, 5).map((match) => source.slice(Math.max(0, match.index - 30), match.index + 5));
  expect(beyond).toEqual([]);
});
