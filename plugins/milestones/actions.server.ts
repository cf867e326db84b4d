import type { Registry } from "~/modules/plugins/registry";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Viewer } from "~/modules/auth/viewer";
import { milestoneActions } from "~/modules/shell/extension-points";
import type { UpcomingMilestone } from "./upcoming.server";

export interface MilestoneLink {
  label: string;
  href: string;
}

/**
 * What other plugins offer on each milestone ('Send eCard' from eCards), by foreign id: never on
 * the viewer's own, and only where the celebrant has the action's person permission too (both
 * use eCards). The page's people's permissions are read in one statement.
 */
export async function actionsOn(registry: Registry, db: ProgramDb, viewer: Viewer, milestones: readonly UpcomingMilestone[]) {
  const offered = registry.visibleExtensions(viewer, milestoneActions).sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const others = milestones.filter((milestone) => milestone.person.id !== viewer.employee.id && milestone.event !== "MILESTONE");
  const byId: Record<string, MilestoneLink[]> = {};
  if (offered.length === 0 || others.length === 0) return byId;
  const permissions = offered.some((action) => action.personPermission)
    ? new Map((await db.selectFrom("employee").select(["id", "permissions"]).where("id", "in", [...new Set(others.map((milestone) => milestone.person.id))]).execute()).map((row) => [row.id, registry.withPermissionDefaults(row.permissions)]))
    : new Map<number, Record<string, boolean>>();
  for (const milestone of others) {
    const theirs = permissions.get(milestone.person.id) ?? {};
    const event = milestone.event as "BIRTHDAY" | "ANNIVERSARY";
    byId[milestone.foreignId] = offered
      .filter((action) => !action.personPermission || theirs[action.personPermission] === true)
      .map((action) => ({ label: action.label, href: action.href({ personId: milestone.person.id, event, date: milestone.day }) }));
  }
  return byId;
}
