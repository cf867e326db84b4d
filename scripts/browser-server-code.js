// The `.server` modules whose code reached the browser's scripts in the last `remix build`, read
// from its metafile (`build/metafile.js.json`): none may (decision 112).
import fs from "node:fs";

/** `[{ module, bytes }]` of each `.server` module with code in a browser chunk; null when there is no build. */
export function serverCodeInBrowser(metafile = "build/metafile.js.json") {
  if (!fs.existsSync(metafile)) return null;
  const { outputs } = JSON.parse(fs.readFileSync(metafile, "utf8"));
  const bytes = new Map();
  for (const output of Object.values(outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs ?? {})) {
      if (/\.server\.[jt]sx?$/.test(input) && bytesInOutput > 0) bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].map(([module, total]) => ({ module, bytes: total }));
}
