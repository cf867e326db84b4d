import type { Registry } from "~/modules/plugins/registry";
import { actionsOn } from "./actions.server";
import type { MilestonesAccess } from "./guards.server";
import { UPCOMING_DAYS } from "./rules";
import { monthCounts, upcomingPage, yearFrom } from "./upcoming.server";

/** The program's enabled segments, when there is more than one to choose between (the spec's segment filter). */
async function segmentsOf(access: MilestonesAccess): Promise<{ id: number; name: string }[]> {
  const segments = await access.db.selectFrom("segment").select(["id", "name"]).where("enabled", "=", true).orderBy("name").execute();
  return segments.length > 1 ? segments : [];
}

/**
 * A page of the upcoming milestones (the next year's, soonest first) with what the viewer may
 * do on each, the counts of birthdays and anniversaries of each month it shows, and the segments
 * to filter by: the /milestones page; `brief`, the first page alone: the sidebar card.
 */
export async function upcomingView(access: MilestonesAccess, registry: Registry, { page, size, segment, brief = false }: { page: number; size: number; segment: number | null; brief?: boolean }) {
  const window = { ...yearFrom(access.today, UPCOMING_DAYS), types: access.options.types, segment };
  const [{ milestones, hasMore }, counts, segments] = await Promise.all([
    upcomingPage(access.db, window, { page, size }),
    brief ? ({} as Awaited<ReturnType<typeof monthCounts>>) : monthCounts(access.db, window),
    brief ? ([] as Awaited<ReturnType<typeof segmentsOf>>) : segmentsOf(access),
  ]);
  const actions = await actionsOn(registry, access.db, access.viewer, milestones);
  const months = [...new Set(milestones.map((milestone) => milestone.day.slice(0, 7)))];
  return {
    today: access.today,
    page,
    hasMore,
    segment,
    segments,
    milestones: milestones.map((milestone) => ({ ...milestone, actions: actions[milestone.foreignId] ?? [] })),
    months: Object.fromEntries(months.map((month) => [month, counts[month] ?? { birthdays: 0, anniversaries: 0 }])),
  };
}

export type UpcomingView = Awaited<ReturnType<typeof upcomingView>>;
