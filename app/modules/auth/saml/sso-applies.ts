import type { TenantConfig } from "~/modules/tenants/tenant";

/**
 * The spec's rule: single sign-on applies when ssoType is SAML and ssoReady.
 * A module of its own, free of the tenant schema, so pages that ask stay without zod.
 */
export function ssoApplies(config: TenantConfig) {
  return config.program.ssoType === "SAML" && config.program.ssoReady && config.sso.saml !== undefined;
}
