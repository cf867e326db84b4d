import type { PluginManifest } from "~/modules/plugins/manifest";
import { lotsPlugin } from "./lots/plugin";
import { momentsPlugin } from "./moments/plugin";

/**
 * Every installed feature module. A tenant switches each on under `features`
 * in its file; a folder under plugins/ that is not listed here is not loaded
 * (a contract test keeps the two in step).
 */
export const installedPlugins: PluginManifest[] = [lotsPlugin, momentsPlugin];
