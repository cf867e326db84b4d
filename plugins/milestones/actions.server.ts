import type { Registry } from "~/modules/plugins/registry";
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
 * use eCards), from the permissions read with the milestones.
 */
export function actionsOn(registry: Registry, viewer: Viewer, milestones: readonly UpcomingMilestone[]) {
  const offered = registry.visibleExtensions(viewer, milestoneActions).sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const others = milestones.filter((milestone) => milestone.person.id !== viewer.employee.id && milestone.event !== "MILESTONE");
  const byId: Record<string, MilestoneLink[]> = {};
  for (const milestone of others) {
    const theirs = registry.withPermissionDefaults(milestone.personPermissions);
    const event = milestone.event as "BIRTHDAY" | "ANNIVERSARY";
    byId[milestone.foreignId] = offered
      .filter((action) => !action.personPermission || theirs[action.personPermission] === true)
      .map((action) => ({ label: action.label, href: action.href({ personId: milestone.person.id, event, date: milestone.day }) }));
  }
  return byId;
}

/** A milestone as a page shows it: what the viewer may do on it, and nothing of its person's permissions. */
export function withActions({ personPermissions: _permissions, ...milestone }: UpcomingMilestone, actions: Record<string, MilestoneLink[]>) {
  return { ...milestone, actions: actions[milestone.foreignId] ?? [] };
}
