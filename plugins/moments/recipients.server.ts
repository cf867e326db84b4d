import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { personColumns, toPersonOption } from "~/modules/people/lookup.server";
import { shortcutLabels, type GroupName, type PersonOption, type Shortcut } from "~/modules/people/people";

/** A person a post may name, with what the composer must know of them. */
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

/** The spec's group names of mention sources ("g12", "MY_DOWNLINE"), by source. */
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
