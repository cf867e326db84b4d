// `node --import ./scripts/run-source.js <script>.ts`: how the npm scripts that run the app's source
// (seed, migrate, tenant, common-asset) start. TypeScript through tsx, and an imported asset (an
// icon sprite's .svg, which the build turns into its URL) as its path: starting the app loads every
// card's component (start-up preloads them), and Node alone refuses an .svg import.
import { register } from "node:module";
import { register as registerTypeScript } from "tsx/esm/api";

registerTypeScript();
register("./asset-imports.js", import.meta.url);
