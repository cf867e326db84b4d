import { installedPluginServers } from "../../../plugins/index.server";
import { installedPlugins } from "../../../plugins";
import { coreContributions } from "~/modules/shell/core-contributions";
import { coreServerContributions } from "~/modules/shell/core-contributions.server";
import { createServerRegistry } from "./server-registry.server";

/** The server's registry: the browser's, plus options, migrations, card data and demo hooks. */
export const serverRegistry = createServerRegistry(coreContributions, installedPlugins, {
  core: coreServerContributions,
  plugins: installedPluginServers,
});
