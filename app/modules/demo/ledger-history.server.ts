import { chunks } from "~/modules/db/chunks";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { accountKey, type AccountRef } from "~/modules/points/accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const YEARS = 2;
const QUARTERS = YEARS * 4;
/** What each person who gives points is granted at the start of a quarter. */
const QUARTERLY_ALLOWANCE = 2_500;
const AWARD_AMOUNTS = [25, 50, 50, 100, 100, 100, 250, 500];
const AWARD_REASONS = ["Above and beyond", "Customer hero", "Team player", "Great idea", "Thank you", "Launch day", "Mentoring", "Safety first"];
const ORDERS = [
  { reason: "Gift card: Amazon", points: 2_500 },
  { reason: "Gift card: Starbucks", points: 1_000 },
  { reason: "Gift card: Target", points: 5_000 },
  { reason: "Company store: hoodie", points: 4_000 },
  { reason: "Company store: water bottle", points: 1_500 },
];
const MINUTES_PER_QUARTER = (YEARS * 365 * 24 * 60) / QUARTERS;

interface Account {
  ref: AccountRef;
  balance: number;
}
interface Leg {
  account: Account;
  amount: number;
  balanceAfter: number;
}
interface Transfer {
  kind: string;
  amount: number;
  reason: string;
  actorId: number | null;
  at: Date;
  legs: Leg[];
}

export interface LedgerHistoryPlan {
  /** Entries to write, roughly: the history stops at the first transfer that reaches it. */
  entries: number;
  /** People who receive points and spend them. */
  everyone: readonly number[];
  /** People who give points (a discretionary allowance each quarter). */
  givers: readonly number[];
  /** Who grants the allowances. */
  adminId: number;
  random: () => number;
  now?: Date;
}

/**
 * Generates two years of a program's points in the order they happened:
 * quarterly deposits into the bucket and allowances to the people who give
 * points, awards from them to colleagues, and orders paid with points. Balances
 * are kept as it goes, so every entry's balance_after and every account's
 * balance are what the ledger's own transfers would have left.
 */
export function planLedgerHistory({ entries, everyone, givers, adminId, random, now = new Date() }: LedgerHistoryPlan) {
  const accounts = new Map<string, Account>();
  const account = (ref: AccountRef) => {
    const key = accountKey(ref);
    let found = accounts.get(key);
    if (!found) accounts.set(key, (found = { ref, balance: 0 }));
    return found;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const start = now.getTime() - YEARS * 365 * DAY_MS;
  const transfers: Transfer[] = [];
  let written = 0;
  const record = (transfer: Omit<Transfer, "legs">, legs: { account: Account; amount: number }[]) => {
    transfers.push({
      ...transfer,
      legs: legs.map(({ account, amount }) => ({ account, amount, balanceAfter: (account.balance += amount) })),
    });
    written += legs.length;
  };

  const bucket = account({ kind: "PROGRAM_BUCKET" });
  // Spread the awards and orders evenly: what the allowances leave of the target, about three entries per event.
  const perQuarter = Math.max(1, Math.ceil((entries - QUARTERS * (givers.length * 2 + 1)) / QUARTERS / 1.75));
  for (let quarter = 0; quarter < QUARTERS && written < entries; quarter++) {
    const quarterStart = start + quarter * MINUTES_PER_QUARTER * 60_000;
    const grant = QUARTERLY_ALLOWANCE * givers.length;
    record({ kind: "BUCKET_DEPOSIT", amount: grant, reason: "Quarterly funding", actorId: null, at: new Date(quarterStart) }, [{ account: bucket, amount: grant }]);
    for (const giver of givers) {
      record({ kind: "DISCRETIONARY_GRANT", amount: QUARTERLY_ALLOWANCE, reason: "Quarterly allowance", actorId: adminId, at: new Date(quarterStart + 60_000) }, [
        { account: bucket, amount: -QUARTERLY_ALLOWANCE },
        { account: account({ kind: "DISCRETIONARY", employeeId: giver }), amount: QUARTERLY_ALLOWANCE },
      ]);
    }
    for (let event = 0; event < perQuarter && written < entries; event++) {
      const at = new Date(quarterStart + ((event + 1) / (perQuarter + 1)) * MINUTES_PER_QUARTER * 60_000);
      const buyer = pick(everyone);
      const wallet = account({ kind: "SHOPPING", employeeId: buyer });
      const order = pick(ORDERS);
      if (random() < 0.25 && wallet.balance >= order.points) {
        record({ kind: "ORDER", amount: order.points, reason: order.reason, actorId: buyer, at }, [{ account: wallet, amount: -order.points }]);
        continue;
      }
      const giver = pick(givers);
      const allowance = account({ kind: "DISCRETIONARY", employeeId: giver });
      const amount = pick(AWARD_AMOUNTS);
      const recipient = pick(everyone);
      if (recipient === giver || allowance.balance < amount) continue;
      record({ kind: "AWARD", amount, reason: pick(AWARD_REASONS), actorId: giver, at }, [
        { account: allowance, amount: -amount },
        { account: account({ kind: "SHOPPING", employeeId: recipient }), amount },
      ]);
    }
  }
  return { accounts: [...accounts.values()], transfers, entries: written };
}

/**
 * Writes a generated history in bulk, a few thousand rows per statement, in
 * `db`'s transaction. The program must have no points accounts yet.
 */
export async function writeLedgerHistory(db: ProgramDb, history: ReturnType<typeof planLedgerHistory>) {
  const accountIds = new Map<Account, number>();
  for (const chunk of chunks(history.accounts)) {
    const rows = chunk.map(({ ref, balance }) => ({ account_key: accountKey(ref), kind: ref.kind, employee_id: "employeeId" in ref ? ref.employeeId : null, balance }));
    const inserted = await db.insertInto("points_account", rows).returning(["id", "account_key"]).execute();
    const ids = new Map(inserted.map((row) => [row.account_key, row.id]));
    chunk.forEach((account, i) => accountIds.set(account, ids.get(rows[i].account_key)!));
  }
  let serial = 0;
  for (const chunk of chunks(history.transfers)) {
    const rows = chunk.map((transfer) => ({
      idempotency_key: `history:${++serial}`,
      kind: transfer.kind,
      amount: transfer.amount,
      reason: transfer.reason,
      actor_employee_id: transfer.actorId,
      created_at: transfer.at,
    }));
    const inserted = await db.insertInto("points_transfer", rows).returning(["id", "idempotency_key"]).execute();
    const ids = new Map(inserted.map((row) => [row.idempotency_key, row.id]));
    const entries = chunk.flatMap((transfer, i) =>
      transfer.legs.map((leg) => ({
        transfer_id: ids.get(rows[i].idempotency_key)!,
        account_id: accountIds.get(leg.account)!,
        amount: leg.amount,
        balance_after: leg.balanceAfter,
        created_at: transfer.at,
      })),
    );
    for (const part of chunks(entries)) await db.insertInto("points_entry", part).execute();
  }
}
