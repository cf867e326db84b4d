import type { GuardArgs } from "~/modules/auth/guards.server";

/** The request's tenant as its file has it, before what program managers saved (settings pages save on top of it). */
export function fileTenantOf({ context }: GuardArgs) {
  return context.app.tenants.get(context.tenant.config.subdomain)!;
}
