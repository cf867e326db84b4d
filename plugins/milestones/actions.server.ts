import type { Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "~/modules/plugins/registry";
import { milestoneActions, milestoneLinks, type Milestone } from "~/modules/shell/extension-points";
import type { UpcomingMilestone } from "./upcoming.server";

export interface MilestoneLink {
  label: string;
  href: string;
}

/** A birthday or an anniversary as other plugins see it (the program's own milestones are neither). */
function asMilestone(milestone: UpcomingMilestone): Milestone | null {
  return milestone.event === "MILESTONE" ? null : { personId: milestone.person.id, event: milestone.event, date: milestone.day };
}

/**
 * What other plugins offer on each milestone, by foreign id: their actions ('Send eCard' from
 * eCards), never on the viewer's own and only where the celebrant has the action's person
 * permission too (both use eCards), from the permissions read with the milestones; then the links
 * that depend on what a plugin holds (the viewer's own anniversary's service award, from the shop).
 */
export async function actionsOn(registry: Registry, db: ProgramDb, viewer: Viewer, milestones: readonly UpcomingMilestone[]) {
  const offered = registry.visibleExtensions(viewer, milestoneActions).sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const byId: Record<string, MilestoneLink[]> = {};
  const byKey = new Map<string, string>();
  const shown: Milestone[] = [];
  for (const milestone of milestones) {
    const key = asMilestone(milestone);
    if (!key) continue;
    shown.push(key);
    byKey.set(`${key.personId}:${key.event}:${key.date}`, milestone.foreignId);
    if (milestone.person.id === viewer.employee.id) continue;
    const theirs = registry.withPermissionDefaults(milestone.personPermissions);
    byId[milestone.foreignId] = offered.filter((action) => !action.personPermission || theirs[action.personPermission] === true).map((action) => ({ label: action.label, href: action.href(key) }));
  }
  if (shown.length === 0) return byId;
  for (const source of registry.visibleExtensions(viewer, milestoneLinks)) {
    for (const link of await source.links({ db, viewer, shown })) {
      const foreignId = byKey.get(`${link.milestone.personId}:${link.milestone.event}:${link.milestone.date}`);
      if (foreignId) (byId[foreignId] ??= []).push({ label: link.label, href: link.href });
    }
  }
  return byId;
}

/** A milestone as a page shows it: what the viewer may do on it, and nothing of its person's permissions. */
export function withActions({ personPermissions: _permissions, ...milestone }: UpcomingMilestone, actions: Record<string, MilestoneLink[]>) {
  return { ...milestone, actions: actions[milestone.foreignId] ?? [] };
}
