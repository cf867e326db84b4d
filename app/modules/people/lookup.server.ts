import { escapeLike } from "~/modules/db/like";
import { sql, type ExpressionBuilder } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Database } from "~/modules/db/schema";
import { AVATAR_NAME, assetSource } from "~/modules/storage/asset-source";
import { keysetPage } from "~/utils/keyset-page";
import { MIN_QUERY_LENGTH, OPTION_LIMIT, shortcutLabels, type GroupOption, type PersonOption, type PersonShown, type Shortcut } from "./people";

/** Who is looking, and what the page that asks allows (the spec's recipient lookup filters). */
export interface LookupScope {
  viewer: { id: number; isAdmin: boolean; isSupervisor: boolean };
  /** The viewer may pick themselves (off by default). */
  allowSelf?: boolean;
  /** Only people with this permission flag (a plugin's lookup filter names it). `fallback` is its value when not stored. */
  permission?: { name: string; fallback: boolean };
  /** People who hide from the Moments feed are left out (mentions). */
  excludeHiddenFromFeed?: boolean;
  /** Ids never offered (the spec's invalid ids). */
  excludeIds?: readonly number[];
}

export type LookupResult = { tooShort: true } | { tooShort: false; people: PersonOption[]; groups: GroupOption[]; shortcuts: Shortcut[] };

/** `text` as a LIKE prefix pattern, with LIKE's own characters taken literally. */
function prefixPattern(text: string) {
  return `${escapeLike(text.toLowerCase())}%`;
}

type EmployeeBuilder = ExpressionBuilder<Database, "employee">;

/** The people the scope allows: active, in this program (ProgramDb), minus the viewer and the excluded. */
function allowedBy(scope: LookupScope) {
  return (eb: EmployeeBuilder) => {
    const conditions = [eb("employee.active", "=", true)];
    if (!scope.allowSelf) conditions.push(eb("employee.id", "!=", scope.viewer.id));
    if (scope.excludeIds?.length) conditions.push(eb("employee.id", "not in", [...scope.excludeIds]));
    if (scope.permission) {
      conditions.push(eb(sql`coalesce((employee.permissions ->> ${scope.permission.name})::boolean, ${scope.permission.fallback})`, "=", true));
    }
    if (scope.excludeHiddenFromFeed) {
      conditions.push(eb(sql`coalesce((employee.preferences ->> 'hideFromMomentsFeed')::boolean, false)`, "=", false));
    }
    return eb.and(conditions);
  };
}

/**
 * Each typed word must begin a first name, last name, display name or e-mail
 * address: "ada lov" finds Ada Lovelace. The first word uses the prefix
 * indexes (one per column, combined by the planner), so a lookup in a program
 * of 10,000 people reads a handful of rows.
 */
function matchesWords(words: string[]) {
  return (eb: EmployeeBuilder) =>
    eb.and(
      words.map((word) => {
        const pattern = prefixPattern(word);
        return eb.or(
          (["first_name", "last_name", "display_name", "email"] as const).map((column) => eb(sql`lower(${sql.ref(`employee.${column}`)})`, "like", pattern)),
        );
      }),
    );
}

/** How the first typed word matches: the start of a first name ranks before a last name's, then an e-mail's, then the rest. */
function matchRank(word: string) {
  const pattern = prefixPattern(word);
  const starts = (column: "first_name" | "last_name" | "email") => sql`lower(${sql.ref(`employee.${column}`)}) like ${pattern}`;
  return sql<number>`case when ${starts("first_name")} then 0 when ${starts("last_name")} then 1 when ${starts("email")} then 2 else 3 end`;
}

/** How far a recent recipient's points go back: whom the viewer gave points to in the last 90 days is someone they work with. */
const RECENT_RECIPIENT_DAYS = 90;

/**
 * 0 for the people the viewer works with (their manager, their team, their
 * direct reports, and whom they gave points to lately), 1 for the rest.
 */
function closeness(viewerId: number) {
  return (eb: EmployeeBuilder) => {
    const manager = eb.selectFrom("employee as viewer").select("viewer.parent_employee_id").where("viewer.id", "=", viewerId);
    const recentRecipients = eb
      .selectFrom("points_transfer as t")
      .innerJoin("points_entry as e", "e.transfer_id", "t.id")
      .innerJoin("points_account as a", "a.id", "e.account_id")
      .select("a.employee_id")
      .where("t.actor_employee_id", "=", viewerId)
      .where("t.created_at", ">", sql<Date>`now() - make_interval(days => ${RECENT_RECIPIENT_DAYS})`)
      .where("e.amount", ">", 0);
    const worksWith = eb.or([
      eb("employee.id", "=", manager),
      eb("employee.parent_employee_id", "=", viewerId),
      eb("employee.parent_employee_id", "=", manager),
      eb("employee.id", "in", recentRecipients),
    ]);
    return eb.case().when(worksWith).then(0).else(1).end();
  };
}

/** The columns of a `PersonShown`. */
export const personShownColumns = ["employee.id", "employee.display_name", "employee.first_name", "employee.last_name", "employee.avatar_asset_id"] as const;

export const personColumns = [...personShownColumns, "employee.job_title"] as const;

export function toPersonShown(row: { id: number; display_name: string; first_name: string; last_name: string; avatar_asset_id: string | null }): PersonShown {
  return {
    id: row.id,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
    avatarUrl: row.avatar_asset_id ? assetSource(row.avatar_asset_id, AVATAR_NAME) : null,
  };
}

export function toPersonOption(row: Parameters<typeof toPersonShown>[0] & { job_title: string | null }): PersonOption {
  return { ...toPersonShown(row), jobTitle: row.job_title };
}

/**
 * The recipient lookup: up to 3 people and 3 groups whose names begin with the
 * typed words, and the shortcuts the viewer may use whose label matches, once
 * at least 3 characters are typed. People whose first name begins with what was
 * typed come first, then last names, then e-mail addresses; within each, the
 * people the viewer works with first.
 */
export async function lookUpPeople(db: ProgramDb, text: string, scope: LookupScope): Promise<LookupResult> {
  const query = text.trim().replace(/\s+/g, " ");
  if (query.length < MIN_QUERY_LENGTH) return { tooShort: true };
  const words = query.split(" ").slice(0, 4);
  const [people, groups] = await Promise.all([
    db
      .selectFrom("employee")
      .select(personColumns)
      .where(allowedBy(scope))
      .where(matchesWords(words))
      .orderBy(matchRank(words[0]!))
      .orderBy(closeness(scope.viewer.id))
      .orderBy("employee.display_name")
      .orderBy("employee.id")
      .limit(OPTION_LIMIT)
      .execute(),
    db
      .selectFrom("employee_group as g")
      .select((eb) => [
        "g.id",
        "g.name",
        "g.bucket",
        eb
          .selectFrom("employee_group_member as m")
          .innerJoin("employee", "employee.id", "m.employee_id")
          .select(eb.fn.countAll<number>().as("count"))
          .whereRef("m.group_id", "=", "g.id")
          .where("employee.active", "=", true)
          .as("count"),
      ])
      .where(sql`lower(g.name)`, "like", prefixPattern(query))
      .orderBy("g.name")
      .limit(OPTION_LIMIT)
      .execute(),
  ]);
  const lowered = query.toLowerCase();
  const shortcuts = (Object.keys(shortcutLabels) as Shortcut[]).filter(
    (shortcut) => (shortcut === "ALL_STAFF" ? scope.viewer.isAdmin : scope.viewer.isSupervisor) && shortcutLabels[shortcut].toLowerCase().includes(lowered),
  );
  return {
    tooShort: false,
    people: people.map(toPersonOption),
    groups: groups.map((group) => ({ id: group.id, name: group.name, bucket: group.bucket, count: Number(group.count ?? 0) })),
    shortcuts,
  };
}

/** The people a group or shortcut stands for, as the scope allows, in name order. */
export async function membersOf(db: ProgramDb, choice: { group: number } | { shortcut: Shortcut }, scope: LookupScope): Promise<PersonOption[]> {
  let query = db.selectFrom("employee").select(personColumns).where(allowedBy(scope));
  if ("group" in choice) {
    query = query.where("employee.id", "in", db.selectFrom("employee_group_member").select("employee_id").where("group_id", "=", choice.group));
  } else if (choice.shortcut === "ALL_STAFF") {
    if (!scope.viewer.isAdmin) return [];
  } else if (!scope.viewer.isSupervisor) {
    return [];
  } else if (choice.shortcut === "MY_DIRECT_REPORTS") {
    query = query.where("employee.parent_employee_id", "=", scope.viewer.id);
  } else {
    const downline = db
      .withRecursive("downline(id)", (qb) =>
        qb
          .selectFrom("employee")
          .select("id")
          .where("parent_employee_id", "=", scope.viewer.id)
          .union(qb.selectFrom("employee as e").innerJoin("downline", "downline.id", "e.parent_employee_id").select("e.id")),
      )
      .selectFrom("downline")
      .select("downline.id");
    query = query.where("employee.id", "in", downline);
  }
  const rows = await query.orderBy("employee.display_name").orderBy("employee.id").execute();
  return rows.map(toPersonOption);
}

/** Which of `ids` the scope allows (a person picked by id, checked as the lookup would have offered them). */
export async function allowedAmong(db: ProgramDb, ids: readonly number[], scope: LookupScope): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("employee").select("employee.id").where(allowedBy(scope)).where("employee.id", "in", [...new Set(ids)]).execute();
  return new Set(rows.map((row) => row.id));
}

/** Pasted text with a comma or an @ is a list of e-mail addresses, not a name. */
export function isEmailList(text: string) {
  return /[,@]/.test(text);
}

/**
 * The people a pasted list of e-mail addresses names, in name order, and the
 * addresses that match nobody the scope allows.
 */
export async function findByEmails(db: ProgramDb, text: string, scope: LookupScope) {
  const addresses = [...new Set(text.split(/[\s,;]+/).map((entry) => entry.trim().replace(/^<|>$/g, "").toLowerCase()).filter(Boolean))].slice(0, 500);
  if (addresses.length === 0) return { people: [] as PersonOption[], unknown: [] as string[] };
  const rows = await db
    .selectFrom("employee")
    .select([...personColumns, sql<string>`lower(employee.email)`.as("address")])
    .where(allowedBy(scope))
    .where(sql`lower(employee.email)`, "in", addresses)
    .orderBy("employee.display_name")
    .orderBy("employee.id")
    .execute();
  const found = new Set(rows.map((row) => row.address));
  return { people: rows.map(toPersonOption), unknown: addresses.filter((address) => !found.has(address)) };
}

const GROUP_PAGE_SIZE = 50;

/** A group and a page of its active members in name order; `after` is the last member of the page before. */
export async function groupMembersPage(db: ProgramDb, groupId: number, after?: { name: string; id: number }) {
  const group = await db.selectFrom("employee_group").select(["id", "name", "bucket"]).where("id", "=", groupId).executeTakeFirst();
  if (!group) return null;
  const rows = await db
    .selectFrom("employee")
    .select(personColumns)
    .where("employee.active", "=", true)
    .where("employee.id", "in", db.selectFrom("employee_group_member").select("employee_id").where("group_id", "=", groupId))
    .$if(after !== undefined, (query) =>
      query.where((eb) => eb.or([eb("employee.display_name", ">", after!.name), eb.and([eb("employee.display_name", "=", after!.name), eb("employee.id", ">", after!.id)])])),
    )
    .orderBy("employee.display_name")
    .orderBy("employee.id")
    .limit(GROUP_PAGE_SIZE + 1)
    .execute();
  const { items, next } = keysetPage(rows, GROUP_PAGE_SIZE, toPersonOption, (person) => ({ name: person.displayName, id: person.id }));
  return { group, members: items, next };
}
