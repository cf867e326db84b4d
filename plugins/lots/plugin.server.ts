import { definePluginServer } from "~/modules/plugins/manifest";
import { seedDemoLots } from "./demo.server";
import * as initial from "./migrations/2026-11-23-lots-initial";
import * as programKeys from "./migrations/2026-11-25-lots-program-keys";
import * as readableCodes from "./migrations/2026-11-25-lots-readable-codes";
import * as lotsVersion from "./migrations/2026-12-31-lots-version";
import { lotsOptions } from "./options";

export const lotsServer = definePluginServer({
  id: "lots",
  options: lotsOptions,
  migrations: { "2026-11-23-lots-initial": initial, "2026-11-25-lots-program-keys": programKeys, "2026-11-25-lots-readable-codes": readableCodes, "2026-12-31-lots-version": lotsVersion },
  seedDemo: seedDemoLots,
  settings: {
    fields: {
      maxCodesPerLot: { label: "Most codes in one lot" },
      maxPointsPerCode: { label: "Most points on one code" },
    },
  },
});
