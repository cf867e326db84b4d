import type { Integration } from "~/modules/shell/extension-points";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { shopOptions } from "../options";
import { giftCardProviderFor, MissingCredentials } from "./providers.server";

/** The gift-card provider as /settings/integrations shows it: Tango Card, the embedded sandbox, or why neither. */
export const giftCardIntegration: Integration = {
  state({ tenant }) {
    const name = "Gift cards";
    if (!pluginOptions(shopOptions, tenant.config.features.storefront).tangoEnabled) return { name, connected: false, detail: "Digital gift cards are switched off for this program." };
    try {
      return giftCardProviderFor(tenant).id === "tango"
        ? { name, connected: true, detail: "Ordered from Tango Card." }
        : { name, connected: true, detail: "The embedded sandbox: cards are for trying the shop, not real." };
    } catch (error) {
      if (!(error instanceof MissingCredentials)) throw error;
      return { name, connected: false, detail: "Tango Card is chosen but the deployment has no credentials for it." };
    }
  },
};
