// After `remix build`: compiles server.ts to build/server.js, and folds the
// server build's dependencies into build/index.js, so that a start reads one
// file instead of resolving and parsing hundreds of packages (decision 025).
// Packages that load files of their own at run time stay outside: WebAssembly
// (PGlite, xmllint), native code (argon2), optional natives (pg-native), pino,
// whose transports start worker threads from their own files, and pdfkit, which
// reads its standard fonts' metrics from its own folder.
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
  // SERVER_SOURCEMAP=1 npm run build: a map for reading CPU profiles of the server by source file.
  sourcemap: process.env.SERVER_SOURCEMAP === "1",
});
