import { definePluginServer } from "~/modules/plugins/manifest";
import { seedDemoLots } from "./demo.server";
import * as initial from "./migrations/2026-11-23-lots-initial";
import { lotsOptions } from "./options";

export const lotsServer = definePluginServer({
  id: "lots",
  options: lotsOptions,
  migrations: { "2026-11-23-lots-initial": initial },
  seedDemo: seedDemoLots,
});
