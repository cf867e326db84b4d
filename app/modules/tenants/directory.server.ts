import type { Db } from "~/modules/db/database.server";
import { subdomainFromHost } from "./host";
import type { Tenant, TenantConfig } from "./tenant";

/** Ensures a program row for each tenant config and returns the tenants by subdomain. */
export async function registerPrograms(db: Db, configs: readonly TenantConfig[]) {
  const tenants = new Map<string, Tenant>();
  for (const config of configs) {
    const { id } = await db
      .insertInto("program")
      .values({ subdomain: config.subdomain, name: config.name })
      .onConflict((oc) => oc.column("subdomain").doUpdateSet({ name: config.name }))
      .returning("id")
      .executeTakeFirstOrThrow();
    tenants.set(config.subdomain, { programId: id, config });
  }
  return tenants;
}

export class TenantDirectory {
  private readonly defaultSubdomain: string | undefined;

  constructor(
    private readonly tenants: Map<string, Tenant>,
    defaultTenant?: string,
  ) {
    if (defaultTenant && !tenants.has(defaultTenant)) {
      throw new Error(`DEFAULT_TENANT "${defaultTenant}" has no file in the tenants directory`);
    }
    this.defaultSubdomain = defaultTenant ?? (tenants.size === 1 ? [...tenants.keys()][0] : undefined);
  }

  get(subdomain: string) {
    return this.tenants.get(subdomain) ?? null;
  }

  /** The tenant a request's Host header names, or null (an unknown subdomain never falls back). */
  resolve(host: string | null) {
    const subdomain = subdomainFromHost(host);
    if (subdomain) return this.get(subdomain);
    return this.defaultSubdomain ? this.get(this.defaultSubdomain) : null;
  }

  byProgramId(programId: number) {
    return this.list().find((tenant) => tenant.programId === programId) ?? null;
  }

  list() {
    return [...this.tenants.values()];
  }
}
