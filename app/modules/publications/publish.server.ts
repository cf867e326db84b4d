import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { FeedItemKindName, PublishedItemView, WallItemKindName } from "~/modules/plugins/manifest";
import type { Registry } from "~/modules/plugins/registry";
import { feedItemPublished, type PublishedMention } from "~/modules/shell/extension-points";
import type { TenantConfig } from "~/modules/tenants/tenant";
import { keysetPage } from "~/utils/keyset-page";

/** The spec's wall feed page size. */
export const WALL_PAGE_SIZE = 10;

/** The item's data as its kind's schema parses it; data that does not parse is the publisher's bug, so it throws. */
function checkedData(registry: Registry, which: "feed" | "wall", kind: string, data: Record<string, unknown>) {
  const result = registry.itemDataSchema(which, kind)!.safeParse(data);
  if (!result.success) throw new Error(`The data of ${which} item kind "${kind}" does not parse: ${result.error.issues.map((issue) => `${issue.path.join(".") || "$"} ${issue.message}`).join("; ")}`);
  return result.data;
}

export interface FeedItemDraft {
  kind: FeedItemKindName;
  foreignId: string;
  authorId: number | null;
  data: Record<string, unknown>;
  /** The people it names (a birthday's celebrant, an eCard's recipients), with any points they were given. */
  mentions?: readonly PublishedMention[];
}

/**
 * Publishes an item to the Moments feed: a plugin (cards, awards...)
 * calls this with a kind it declares; Moments shows it when the program has
 * Moments on, and nothing breaks when it has not. The listeners of the plugins
 * the program has on (Moments records the mentions) run in `db`'s transaction,
 * so call it in the one that makes what the item tells of. Publishing the same
 * (kind, foreignId) again is a no-op; returns the item's id, or null then.
 */
export async function publishToFeed(registry: Registry, tenant: TenantConfig, db: ProgramDb, item: FeedItemDraft) {
  if (!registry.feedItemKind(item.kind)) throw new Error(`Feed item kind "${item.kind}" is not declared by an installed plugin`);
  const data = checkedData(registry, "feed", item.kind, item.data);
  const row = await db
    .insertInto("feed_item", { kind: item.kind, foreign_id: item.foreignId, author_id: item.authorId, data: JSON.stringify(data) })
    .onConflict((c) => c.columns(["program_id", "kind", "foreign_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return null;
  const published = { id: row.id, kind: item.kind, authorId: item.authorId, mentions: item.mentions ?? [] };
  for (const { value: listener } of registry.extensions(tenant, feedItemPublished)) await listener.published({ db, item: published });
  return row.id;
}

/** Puts an item on each of `employeeIds`' profile walls (once per person, type and foreign id). */
export async function publishToWall(registry: Registry, db: ProgramDb, item: { itemType: WallItemKindName; foreignId: string; employeeIds: readonly number[]; data: Record<string, unknown> }) {
  if (!registry.wallItemKind(item.itemType)) throw new Error(`Wall item kind "${item.itemType}" is not declared by an installed plugin`);
  const data = JSON.stringify(checkedData(registry, "wall", item.itemType, item.data));
  if (item.employeeIds.length === 0) return;
  await db
    .insertInto(
      "wall_item",
      item.employeeIds.map((employeeId) => ({ employee_id: employeeId, item_type: item.itemType, foreign_id: item.foreignId, data })),
    )
    .onConflict((c) => c.columns(["program_id", "employee_id", "item_type", "foreign_id"]).doNothing())
    .execute();
}

/** A page of someone's wall, newest first, of the given types (the tenant's), and how many items each type has. */
export async function wallPage(db: ProgramDb, employeeId: number, types: readonly string[], options: { only?: string; before?: number } = {}) {
  const shown = options.only ? types.filter((type) => type === options.only) : types;
  if (shown.length === 0) return { items: [] as (PublishedItemView & { itemType: string })[], next: null, counts: {} as Record<string, number> };
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("wall_item")
      .select(["id", "item_type", "foreign_id", "data", "created_at"])
      .where("employee_id", "=", employeeId)
      .where("item_type", "in", [...shown])
      .$if(options.before !== undefined, (query) => query.where("id", "<", options.before!))
      .orderBy("id", "desc")
      .limit(WALL_PAGE_SIZE + 1)
      .execute(),
    db
      .selectFrom("wall_item")
      .select(["item_type", sql<number>`count(*)::int`.as("count")])
      .where("employee_id", "=", employeeId)
      .where("item_type", "in", [...types])
      .groupBy("item_type")
      .execute(),
  ]);
  const page = keysetPage(
    rows,
    WALL_PAGE_SIZE,
    (row) => ({ id: row.id, itemType: row.item_type, foreignId: row.foreign_id, data: row.data, created: row.created_at.toISOString() }),
    (item) => item.id,
  );
  return { ...page, counts: Object.fromEntries(counts.map((row) => [row.item_type, row.count])) };
}
