import type { Tenant } from "~/modules/tenants/tenant";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { shopOptions } from "../options";
import type { GiftCardProvider } from "./provider.server";
import { sandboxProvider } from "./sandbox.server";
import { TANGO_SANDBOX_URL, tangoProvider } from "./tango.server";

/** A program names Tango credentials it has no variables for: a deployment's mistake, logged and shown as the shop failing to open. */
export class MissingCredentials extends Error {
  constructor(variables: string[]) {
    super(`Gift cards need ${variables.join(" and ")} in the environment`);
    this.name = "MissingCredentials";
  }
}

/** TANGO_PLATFORM_NAME for the deployment's set, TANGO_<SET>_PLATFORM_NAME for a named one. */
const variable = (set: string | undefined, name: string) => (set ? `TANGO_${set}_${name}` : `TANGO_${name}`);

const providers = new Map<string, GiftCardProvider>();

/**
 * The program's gift-card provider: Tango with the account its tenant file names and
 * the credentials the environment holds, or the sandbox. One per program and
 * configuration, so a catalogue is fetched once an hour, not once a page.
 */
export function giftCardProviderFor(tenant: Tenant, env: Record<string, string | undefined> = process.env): GiftCardProvider {
  const options = pluginOptions(shopOptions, tenant.config.features.storefront).giftCards;
  const programCurrency = tenant.config.points.currency;
  const key = `${tenant.programId}:${programCurrency}:${JSON.stringify(options)}`;
  let provider = providers.get(key);
  if (provider) return provider;
  if (options.provider === "sandbox") {
    provider = sandboxProvider(programCurrency);
  } else {
    const nameVariable = variable(options.credentials, "PLATFORM_NAME");
    const keyVariable = variable(options.credentials, "PLATFORM_KEY");
    const platformName = env[nameVariable];
    const platformKey = env[keyVariable];
    if (!platformName || !platformKey) throw new MissingCredentials([nameVariable, keyVariable]);
    provider = tangoProvider({
      baseUrl: env[variable(options.credentials, "API_URL")] || TANGO_SANDBOX_URL,
      platformName,
      platformKey,
      accountIdentifier: options.accountIdentifier,
      customerIdentifier: options.customerIdentifier,
      currency: options.currency,
      programCurrency,
    });
  }
  providers.set(key, provider);
  return provider;
}
