import type { ProgramDb } from "~/modules/db/program-db.server";
import { keptForPosts } from "./feed-cache.server";
import type { FeedAccess } from "./guards.server";

/** How many reactors the post page lists under a tab; the counts are always whole. */
const REACTORS_SHOWN = 100;

/**
 * Who reacted to an item, newest first, of one reaction type or all of the
 * enabled ones; with each enabled type's count for the filter tabs, from the
 * counts the item already carries (FeedPost.reactions.counts). The list is the same for every
 * viewer of the item and draws only on what the feed's version watches (reactions, people's
 * names), so it is kept until that version moves.
 */
export async function reactorsOf(access: FeedAccess, itemId: number, counted: Readonly<Record<number, number>>, enabled: readonly number[], type: number | null) {
  if (enabled.length === 0) return { counts: [], people: [] };
  const types = type === null ? [...enabled] : [type];
  const people = await keptForPosts(access, JSON.stringify(["reactors", itemId, types]), () => reactorRows(access.db, itemId, types));
  return {
    counts: enabled.map((id) => ({ type: id, count: counted[id] ?? 0 })),
    people,
  };
}

async function reactorRows(db: ProgramDb, itemId: number, types: readonly number[]) {
  const rows = await db
    .selectFrom("post_reaction")
    .innerJoin("employee", "employee.id", "post_reaction.employee_id")
    .select(["employee.id", "employee.display_name", "employee.first_name", "employee.last_name", "post_reaction.reaction_type"])
    .where("post_reaction.post_id", "=", itemId)
    .where("post_reaction.reaction_type", "in", types)
    .orderBy("post_reaction.created_at", "desc")
    .orderBy("employee.id")
    .limit(REACTORS_SHOWN)
    .execute();
  return rows.map((row) => ({ id: row.id, displayName: row.display_name, firstName: row.first_name, lastName: row.last_name, type: row.reaction_type }));
}

export type Reactors = Awaited<ReturnType<typeof reactorsOf>>;
