// `npm run bench:bundles` (after a build): the gzipped JavaScript of every route, largest first.
import { CLIENT_SCRIPT_BUDGET_BYTES, clientBundles } from "../client-bundles.js";

const bundles = clientBundles();
if (!bundles) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0).padStart(4)} KB`;
console.log(`${kb(bundles.shared)}  every page (entry + root); the budget per page is ${kb(CLIENT_SCRIPT_BUDGET_BYTES).trim()}`);
for (const route of bundles.routes) console.log(`${kb(route.bytes)}  ${route.id}`);
