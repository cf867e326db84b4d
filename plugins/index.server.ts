import type { PluginServer } from "~/modules/plugins/manifest";
import { lotsServer } from "./lots/plugin.server";
import { momentsServer } from "./moments/plugin.server";

/** The server parts of the plugins in plugins/index.ts (a contract test keeps the lists in step). */
export const installedPluginServers: PluginServer[] = [lotsServer, momentsServer];
