import { createHash, randomBytes } from "node:crypto";
import { createEvents, type EventAttributes } from "ics";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { milestonesOptionsOf } from "./options";
import { UPCOMING_DAYS } from "./rules";
import { teamAround } from "./team.server";
import { allUpcoming, yearFrom } from "./upcoming.server";

/** Whose milestones a calendar file holds: the person's team (their manager, the people who share that manager, their reports and themselves) or everyone's. */
export type CalendarScope = "team" | "program";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new subscription token for the person (the old one stops working); only its hash is kept, so it is shown once. */
export async function renewCalendarToken(db: ProgramDb, employeeId: number) {
  const token = randomBytes(24).toString("base64url");
  await db
    .insertInto("milestone_calendar", { employee_id: employeeId, token_hash: hashOf(token), created_at: new Date() })
    .onConflict((c) => c.columns(["program_id", "employee_id"]).doUpdateSet({ token_hash: hashOf(token), created_at: new Date() }))
    .execute();
  return token;
}

/** Ends the person's subscription: calendar apps that carry the old address get nothing more. */
export async function revokeCalendarToken(db: ProgramDb, employeeId: number) {
  await db.deleteFrom("milestone_calendar").where("employee_id", "=", employeeId).execute();
}

/** When the person's subscription was made, or null when they have none. */
export async function calendarSubscription(db: ProgramDb, employeeId: number) {
  const row = await db.selectFrom("milestone_calendar").select("created_at").where("employee_id", "=", employeeId).executeTakeFirst();
  return row ? { since: row.created_at.toISOString() } : null;
}

/** The active person a subscription token belongs to, in this program only. */
export async function calendarOwner(db: ProgramDb, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const row = await db
    .selectFrom("milestone_calendar")
    .innerJoin("employee", "employee.id", "milestone_calendar.employee_id")
    .select("employee.id")
    .where("milestone_calendar.token_hash", "=", hashOf(token))
    .where("employee.active", "=", true)
    .executeTakeFirst();
  return row?.id ?? null;
}

const asDateArray = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * The milestones of the next year (RFC 5545, one all-day event each; people who hide their
 * birthday are never in it), for the person's team or the whole program. Each event's UID is
 * its milestone's foreign id, so a calendar app that subscribes updates events, never doubles them.
 */
export async function milestoneCalendar(db: ProgramDb, config: TenantConfig, { employeeId, scope, origin, now = new Date() }: { employeeId: number; scope: CalendarScope; origin: string; now?: Date }) {
  const window = yearFrom(calendarDayIn(now, config.program.timeZone), UPCOMING_DAYS);
  const people = scope === "team" ? await teamAround(db, employeeId) : undefined;
  const milestones = await allUpcoming(db, { ...window, types: milestonesOptionsOf(config).types, people });
  const host = new URL(origin).host;
  const events: EventAttributes[] = milestones.map((milestone) => ({
    uid: `${milestone.foreignId}@${host}`,
    start: asDateArray(milestone.day),
    end: asDateArray(addDays(milestone.day, 1)),
    title: `${milestone.person.displayName}: ${milestone.label}`,
    url: `${origin}/milestone-detail/${milestone.foreignId}`,
    transp: "TRANSPARENT",
    busyStatus: "FREE",
    categories: [milestone.event === "BIRTHDAY" ? "Birthday" : milestone.event === "ANNIVERSARY" ? "Work anniversary" : "Milestone"],
  }));
  const name = scope === "team" ? `${config.name}: my team's milestones` : `${config.name}: milestones`;
  const { error, value } = createEvents(events, { productId: "recognition/milestones", calName: name });
  if (error || value === null) throw error ?? new Error("The calendar file could not be made");
  return value;
}
