import type { Viewer } from "~/modules/auth/viewer";
import type { Registry } from "~/modules/plugins/registry";
import type { LookupScope } from "./lookup.server";

/** What a lookup is for: the spec's filters (mentions leave out people who hide from the feed, nominees need canGetNominated, eCards usesEcards). */
export const lookupPurposes = ["people", "mentions", "nominees", "ecards"] as const;
export type LookupPurpose = (typeof lookupPurposes)[number];

const purposePermission: Partial<Record<LookupPurpose, string>> = { nominees: "canGetNominated", ecards: "usesEcards" };

export function lookupScope(viewer: Viewer, registry: Registry, purpose: LookupPurpose, excludeIds: number[] = []): LookupScope {
  const permission = purposePermission[purpose];
  return {
    viewer: { id: viewer.employee.id, isAdmin: viewer.employee.permissions.admin, isSupervisor: viewer.employee.isSupervisor },
    allowSelf: purpose === "people",
    excludeHiddenFromFeed: purpose === "mentions",
    permission: permission ? { name: permission, fallback: registry.withPermissionDefaults({} as Record<string, boolean>)[permission] ?? false } : undefined,
    excludeIds,
  };
}
