import { installedPlugins } from "../../../plugins";
import { coreContributions } from "~/modules/shell/core-contributions";
import { createRegistry } from "./registry";

/** The browser's registry (also used to render on the server): manifests only, no server parts. */
export const registry = createRegistry(coreContributions, installedPlugins);
