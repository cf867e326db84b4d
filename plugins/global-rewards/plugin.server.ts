import { definePluginServer } from "~/modules/plugins/manifest";
import { globalRewardsOptions } from "./options";

export const globalRewardsServer = definePluginServer({
  id: "global-rewards",
  options: globalRewardsOptions,
});
