import type { ProgramDb } from "~/modules/db/program-db.server";
import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import { accountKey, type AccountRef, type TransferKind } from "./accounts";

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryEntry {
  id: number;
  amount: number;
  balanceAfter: number;
  created: string;
  kind: TransferKind;
  reason: string;
  reference: string | null;
  actorName: string | null;
}

function entriesOf(db: ProgramDb, ref: AccountRef) {
  return db
    .selectFrom("points_entry")
    .innerJoin("points_account", "points_account.id", "points_entry.account_id")
    .innerJoin("points_transfer", "points_transfer.id", "points_entry.transfer_id")
    .leftJoin("employee as actor", "actor.id", "points_transfer.actor_employee_id")
    .where("points_account.account_key", "=", accountKey(ref));
}

const columns = [
  "points_entry.id",
  "points_entry.amount",
  "points_entry.balance_after",
  "points_entry.created_at",
  "points_transfer.kind",
  "points_transfer.reason",
  "points_transfer.reference",
  "actor.display_name as actor_name",
] as const;

function toEntry(row: {
  id: number;
  amount: number;
  balance_after: number;
  created_at: Date;
  kind: string;
  reason: string;
  reference: string | null;
  actor_name: string | null;
}): HistoryEntry {
  return {
    id: row.id,
    amount: row.amount,
    balanceAfter: row.balance_after,
    created: row.created_at.toISOString(),
    kind: row.kind as TransferKind,
    reason: row.reason,
    reference: row.reference,
    actorName: row.actor_name,
  };
}

/** One page of an account's history, newest first. Pages count from 1. */
async function historyPage(db: ProgramDb, ref: AccountRef, page: number) {
  const rows = await entriesOf(db, ref)
    .select(columns)
    .orderBy("points_entry.id", "desc")
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset((page - 1) * HISTORY_PAGE_SIZE)
    .execute();
  return { entries: rows.slice(0, HISTORY_PAGE_SIZE).map(toEntry), page, hasMore: rows.length > HISTORY_PAGE_SIZE };
}

/** Pages of the signed-in people's own histories, kept per process with their rows (2,000 pages in all). */
const keptPages = versionedCache({ limit: 2_000, changeVersion: "viewer" });

/**
 * One page of one of the viewer's own accounts, kept until the viewer's version moves (decision
 * 106): every entry changes a balance, which moves it, as does a change to a name the page shows.
 */
export function viewerHistoryPage(access: KeptAccess, ref: AccountRef, page: number) {
  return keptPages(access, JSON.stringify([accountKey(ref), page]), () => historyPage(access.db, ref, page));
}

/** One entry of the account's history, or null when it is not this account's. */
export async function historyEntry(db: ProgramDb, ref: AccountRef, entryId: number) {
  const row = await entriesOf(db, ref).select(columns).where("points_entry.id", "=", entryId).executeTakeFirst();
  return row ? toEntry(row) : null;
}
