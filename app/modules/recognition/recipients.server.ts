import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { membersOf, personColumns, toPersonOption, type LookupScope } from "~/modules/people/lookup.server";
import { shortcutLabels, type GroupName, type PersonOption, type PickedPerson, type Shortcut } from "~/modules/people/people";

/** A person a recognition may go to, with what a composer must know of them. */
export interface Recipient extends PersonOption {
  /** Hides from the Moments feed: may not be mentioned (the spec's privacy notice). */
  hidden: boolean;
  usesPoints: boolean;
  /** publicRecognitionEnabled is false: the private-recognition check names them. */
  prefersPrivate: boolean;
}

/** The active people of this program among `ids`, by id. */
export async function recipientsByIds(db: ProgramDb, ids: readonly number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("employee")
    .select([
      ...personColumns,
      sql<boolean>`coalesce((employee.preferences ->> 'hideFromMomentsFeed')::boolean, false)`.as("hidden"),
      sql<boolean>`coalesce((employee.permissions ->> 'usesPoints')::boolean, true)`.as("uses_points"),
      sql<boolean>`coalesce((employee.preferences ->> 'publicRecognitionEnabled')::boolean, true)`.as("public_recognition"),
    ])
    .where("employee.id", "in", [...new Set(ids)])
    .where("employee.active", "=", true)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { ...toPersonOption(row), hidden: row.hidden, usesPoints: row.uses_points, prefersPrivate: !row.public_recognition }]),
  );
}

/** The spec's group names of pick sources ("g12", "MY_DOWNLINE"), by source. */
export async function groupNamesOf(db: ProgramDb, sources: readonly string[]): Promise<Map<string, GroupName>> {
  const names = new Map<string, GroupName>();
  const groupIds = [...new Set(sources.filter((source) => source.startsWith("g")).map((source) => Number(source.slice(1))))];
  if (groupIds.length > 0) {
    const groups = await db.selectFrom("employee_group").select(["id", "name", "bucket"]).where("id", "in", groupIds).execute();
    for (const group of groups) names.set(`g${group.id}`, { name: group.name, bucket: group.bucket });
  }
  for (const source of sources) {
    if (source in shortcutLabels) names.set(source, { name: shortcutLabels[source as Shortcut], bucket: "shortcut" });
  }
  return names;
}

/**
 * The sources of each person picked that hold, by employee id: a group the person
 * is a member of, a shortcut the author may use that takes them in. A claimed
 * source that does not hold is dropped, so the person counts as one picked
 * one by one (and names no group they were not picked through).
 */
export async function verifiedSources(db: ProgramDb, mentions: readonly PickedPerson[], scope: LookupScope): Promise<Map<number, string[]>> {
  const claimed = [...new Set(mentions.flatMap((mention) => mention.sources))];
  const holds = new Set<string>();
  const groupIds = claimed.filter((source) => source.startsWith("g")).map((source) => Number(source.slice(1)));
  if (groupIds.length > 0) {
    const memberships = await db
      .selectFrom("employee_group_member")
      .select(["group_id", "employee_id"])
      .where("group_id", "in", groupIds)
      .where("employee_id", "in", mentions.map((mention) => mention.employeeId))
      .execute();
    for (const row of memberships) holds.add(`g${row.group_id}:${row.employee_id}`);
  }
  for (const shortcut of claimed.filter((source): source is Shortcut => source in shortcutLabels)) {
    // All Staff is everyone an admin may name: no need to read the whole program to check it.
    const members = shortcut === "ALL_STAFF" ? (scope.viewer.isAdmin ? mentions.map((mention) => mention.employeeId) : []) : (await membersOf(db, { shortcut }, scope)).map((person) => person.id);
    for (const id of members) holds.add(`${shortcut}:${id}`);
  }
  return new Map(mentions.map((mention) => [mention.employeeId, mention.sources.filter((source) => holds.has(`${source}:${mention.employeeId}`))]));
}
