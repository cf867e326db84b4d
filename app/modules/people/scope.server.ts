import type { Viewer } from "~/modules/auth/viewer";
import { CORE_LOOKUPS, type Registry } from "~/modules/plugins/registry";
import type { LookupScope } from "./lookup.server";

/**
 * What a lookup is for, as a picker asks (`for=`): the core's "people" (anyone, oneself
 * included) or "mentions" (not those who hide from the feed), or a filter a plugin the
 * program has on registers (a card's recipients, a plugin's candidates). Anything else is "people".
 */
export function lookupPurpose(viewer: Viewer, registry: Registry, requested: string | null) {
  if (requested && (CORE_LOOKUPS.includes(requested) || registry.lookupFilter(viewer.tenant, requested))) return requested;
  return "people";
}

export function lookupScope(viewer: Viewer, registry: Registry, purpose: string, excludeIds: number[] = []): LookupScope {
  const filter = registry.lookupFilter(viewer.tenant, purpose);
  return {
    viewer: { id: viewer.employee.id, isAdmin: viewer.employee.permissions.admin, isSupervisor: viewer.employee.isSupervisor },
    allowSelf: purpose === "people",
    excludeHiddenFromFeed: purpose === "mentions",
    permission: filter ? { name: filter.permission, fallback: filter.fallback } : undefined,
    excludeIds,
  };
}
