// After `remix build`: compiles server.ts to build/server.js, and folds the
// server build's dependencies into build/index.js, so that a start reads one
// file instead of resolving and parsing hundreds of packages (decision 025).
// Packages that load files of their own at run time stay outside: WebAssembly
// (PGlite, xmllint), native code (argon2), optional natives (pg-native), pino,
// whose transports start worker threads from their own files, and pdfkit, which
// reads its standard fonts' metrics from its own folder.
import fs from "node:fs";
import { build } from "esbuild";
import { patchDependencies } from "./server-bundle-patches.js";

const EXTERNAL = ["@electric-sql/pglite", "@authenio/samlify-node-xmllint", "@node-rs/argon2", "pg-native", "pino", "thread-stream", "pdfkit"];

// CommonJS packages bundled into an ES module still call require and read __dirname.
const COMMONJS_GLOBALS = [
  'import { createRequire as __createRequire } from "node:module";',
  'import { fileURLToPath as __fileURLToPath } from "node:url";',
  'import { dirname as __dirnameOf } from "node:path";',
  "const require = __createRequire(import.meta.url);",
  "const __filename = __fileURLToPath(import.meta.url);",
  "const __dirname = __dirnameOf(__filename);",
].join(" ");

const common = { platform: "node", format: "esm", target: "node20", logLevel: "warning" };

await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js" });
await build({
  ...common,
  entryPoints: ["build/index.js"],
  outfile: "build/index.js",
  allowOverwrite: true,
  bundle: true,
  external: EXTERNAL,
  banner: { js: COMMONJS_GLOBALS },
  plugins: [patchDependencies()],
  // The build is production's whatever NODE_ENV the process has (the tests run it under "test"):
  // React and Remix take their production code (the development code is dropped from the bundle),
  // as `npm start` gives them. The app's own mode still comes from its parsed environment.
  define: { "process.env.NODE_ENV": '"production"' },
  // Template literals become strings, which esbuild writes in ASCII; see asciiOnly below.
  supported: { "template-literal": false },
  // SERVER_SOURCEMAP=1 npm run build: a map for reading CPU profiles of the server by source file.
  sourcemap: process.env.SERVER_SOURCEMAP === "1",
});

/**
 * V8 keeps a script's whole source, two bytes a character if any one character needs more than a
 * byte: the bundle's comments and regular expressions (which esbuild leaves as written; it escapes
 * strings) held 136 such characters, and its 15 MB took 31 MB in every process (decision 114).
 * Each UTF-16 unit beyond ASCII becomes `\uXXXX`, which means the same in a string, a regular
 * expression (a surrogate pair too) or an identifier, and nothing in a comment.
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, "utf8");
  // After a backslash the escape would be read as a backslash and a "u": none today, and none unseen.
  const escapedAlready = /\\[^\x00-\x7f]/.exec(text);
  if (escapedAlready) throw new Error(`${file}: a backslash before "${escapedAlready[0].slice(1)}" at ${escapedAlready.index}; escape it another way`);
  const escaped = text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (escaped !== text) fs.writeFileSync(file, escaped);
}
asciiOnly("build/index.js");
