import { versionedCache } from "~/modules/db/versioned-cache.server";
import type { Registry } from "~/modules/plugins/registry";
import { actionsOn, withActions } from "./actions.server";
import type { MilestonesAccess } from "./guards.server";
import { UPCOMING_DAYS } from "./rules";
import { monthCounts, upcomingPage, yearFrom } from "./upcoming.server";

/**
 * The upcoming milestones are the same for everyone in a program on a day: a page costs a scan of
 * its people, so each is kept per day until `milestones_version` moves (a date, a name, a
 * preference, a segment changed). What the viewer may do on each is read per request.
 */
const keptForMilestones = versionedCache({
  limit: 1_000,
  changeVersion: "milestones",
});

type Segment = { id: number; name: string };

/** The program's enabled segments, when there is more than one to choose between (the spec's segment filter). */
async function segmentsOf(access: MilestonesAccess): Promise<Segment[]> {
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
  const types = access.options.types.map((type) => `${type.id}+${type.monthsAfterHire}=${type.label}`).join(",");
  const kept = <T>(key: string, read: () => Promise<T>) => keptForMilestones(access, `${access.today}:${types}:${segment ?? "all"}:${key}`, read);
  const [{ milestones, hasMore }, segments] = await Promise.all([
    kept(`page:${page}:${size}`, () => upcomingPage(access.db, window, { page, size })),
    brief ? ([] as Segment[]) : kept("segments", () => segmentsOf(access)),
  ]);
  const months = [...new Set(milestones.map((milestone) => milestone.day.slice(0, 7)))];
  // Only the months this page shows are counted: index ranges of a month or two, not the year of every person.
  const shown: [string, string] | null = months.length > 0 ? [months[0]!, months.at(-1)!] : null;
  const [actions, counts] = await Promise.all([
    actionsOn(registry, access.db, access.viewer, milestones),
    brief || !shown ? null : kept(`months:${shown.join(":")}`, () => monthCounts(access.db, window, shown)),
  ]);
  return {
    today: access.today,
    page,
    hasMore,
    segment,
    segments,
    milestones: milestones.map((milestone) => withActions(milestone, actions)),
    months: Object.fromEntries(months.map((month) => [month, counts?.[month] ?? { birthdays: 0, anniversaries: 0 }])),
  };
}

export type UpcomingView = Awaited<ReturnType<typeof upcomingView>>;
