import { expect, it } from "vitest";
import { serverCodeInBrowser } from "../../scripts/browser-server-code.js";
import { CLIENT_SCRIPT_BUDGET_BYTES, clientBundles } from "../../scripts/client-bundles.js";

// `npm test` builds before it runs this; a schema a page only sends to the server keeps zod (about 100 KB) off it.
it("keeps every page's JavaScript within its budget", async () => {
  const bundles = clientBundles();
  if (!bundles) throw new Error("No build: run `npm run build` first.");
  const over = bundles.routes.filter((route) => route.bytes > CLIENT_SCRIPT_BUDGET_BYTES).map((route) => `${route.id}: ${Math.round(route.bytes / 1024)} KB`);
  expect(over).toEqual([]);
});

// A plugin's route imports its `.server` modules and the core's as the app's routes do: none of their code is sent (decision 112).
it("sends no `.server` module's code to the browser", () => {
  const leaked = serverCodeInBrowser();
  if (!leaked) throw new Error("No build: run `npm run build` first.");
  expect(leaked).toEqual([]);
});
