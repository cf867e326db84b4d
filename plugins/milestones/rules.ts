import { yearsText } from "~/modules/time/calendar-days";

/** What a milestone celebrates: a birthday, a work anniversary, or one of the program's own (counted from the hire date). */
export type MilestoneEvent = "BIRTHDAY" | "ANNIVERSARY" | "MILESTONE";

/** The spec's socialType of each event's feed post. */
export const socialTypes = { BIRTHDAY: "birthday", ANNIVERSARY: "anniversary", MILESTONE: "milestone" } as const;

/** Upcoming milestones a page of /milestones shows, and the sidebar card (the spec's milestone card page size). */
export const MILESTONE_PAGE_SIZE = 20;
export const MILESTONE_CARD_SIZE = 5;
/** How far ahead the list and the calendar file look: a year, so each birthday and anniversary appears once. */
export const UPCOMING_DAYS = 365;
/** The spec's banner: up to five text lines, six themes. */
export const CELEBRATION_LINES = 5;
export const CELEBRATION_THEMES = 6;

/** Where a milestone that cannot be shown (a wrong id, a person who left or changed the date) sends its reader: the feed, with this. */
export const MILESTONE_NOT_FOUND = "That milestone could not be found.";

export interface MilestoneKey {
  event: MilestoneEvent;
  /** The program's milestone type, for MILESTONE. */
  typeId: string | null;
  employeeId: number;
  /** YYYY-MM-DD in the program's time zone. */
  day: string;
}

const FOREIGN_ID = /^(birthday|anniversary|milestone\.([a-z0-9][a-z0-9-]{0,39}))-(\d{1,9})-(\d{4}-\d{2}-\d{2})$/;

/**
 * The spec's milestone foreignId, made from what it is: "birthday-12-2026-11-26",
 * "milestone.first-day-12-2026-11-26". An upcoming milestone has its id before the day's
 * job records it, so its page and its eCard link work ahead of the day.
 */
export function milestoneForeignId({ event, typeId, employeeId, day }: MilestoneKey) {
  const kind = event === "MILESTONE" ? `milestone.${typeId}` : event.toLowerCase();
  return `${kind}-${employeeId}-${day}`;
}

export function parseMilestoneForeignId(foreignId: string): MilestoneKey | null {
  const match = FOREIGN_ID.exec(foreignId);
  if (!match) return null;
  const [, kind, typeId, employeeId, day] = match as unknown as [string, string, string | undefined, string, string];
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return null;
  const event: MilestoneEvent = kind === "birthday" ? "BIRTHDAY" : kind === "anniversary" ? "ANNIVERSARY" : "MILESTONE";
  return { event, typeId: typeId ?? null, employeeId: Number(employeeId), day };
}

/** What a milestone is called on its card and post: "Birthday", "5-year work anniversary", "First day". */
export function milestoneLabel(milestone: { event: MilestoneEvent; years: number | null; typeLabel: string | null }) {
  if (milestone.event === "BIRTHDAY") return "Birthday";
  if (milestone.event === "ANNIVERSARY") return `${yearsText(milestone.years ?? 1)} work anniversary`;
  return milestone.typeLabel ?? "Milestone";
}

/** The banner's theme (theme-01 to theme-06) from a celebration's style value. */
export function themeOf(style: number) {
  const index = (((Math.trunc(style) - 1) % CELEBRATION_THEMES) + CELEBRATION_THEMES) % CELEBRATION_THEMES;
  return `theme-0${index + 1}`;
}
