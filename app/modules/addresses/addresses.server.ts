import type { ProgramDb } from "~/modules/db/program-db.server";
import type { AddressInput } from "./address-form.server";
import { countryName } from "./countries.server";

/** How many addresses one person keeps. */
export const MAX_ADDRESSES = 10;

export class TooManyAddresses extends Error {
  constructor() {
    super(`At most ${MAX_ADDRESSES} addresses`);
    this.name = "TooManyAddresses";
  }
}

/** The person's addresses, the default first, then newest first. */
export async function addressesOf(db: ProgramDb, employeeId: number) {
  const rows = await db
    .selectFrom("address")
    .select(["id", "recipient", "line1", "line2", "city", "state", "postal_code", "country", "is_default"])
    .where("employee_id", "=", employeeId)
    .orderBy("is_default", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    isDefault: row.is_default,
    lines: [row.recipient, row.line1, row.line2, [row.postal_code, row.city, row.state].filter(Boolean).join(" "), countryName(row.country)].filter((line): line is string => Boolean(line)),
  }));
}

/** Adds an address; the person's first becomes their default. Locks the person's row so two adds cannot both be first. */
export async function addAddress(db: ProgramDb, employeeId: number, input: AddressInput) {
  return db.transaction(async (tx) => {
    await tx.selectFrom("employee").select("id").where("id", "=", employeeId).forUpdate().executeTakeFirstOrThrow();
    const { count } = await tx.selectFrom("address").select((eb) => eb.fn.countAll<string>().as("count")).where("employee_id", "=", employeeId).executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ADDRESSES) throw new TooManyAddresses();
    const { id } = await tx
      .insertInto("address", {
        employee_id: employeeId,
        recipient: input.recipient,
        line1: input.line1,
        line2: input.line2,
        city: input.city,
        state: input.state,
        postal_code: input.postalCode,
        country: input.country,
        is_default: Number(count) === 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** Makes one of the person's addresses their default (and no other); false when it is not theirs. */
export async function setDefaultAddress(db: ProgramDb, employeeId: number, addressId: number) {
  return db.transaction(async (tx) => {
    const own = await tx.selectFrom("address").select("id").where("id", "=", addressId).where("employee_id", "=", employeeId).forUpdate().executeTakeFirst();
    if (!own) return false;
    await tx.updateTable("address").set({ is_default: false }).where("employee_id", "=", employeeId).where("is_default", "=", true).execute();
    await tx.updateTable("address").set({ is_default: true }).where("id", "=", addressId).execute();
    return true;
  });
}

/** Deletes one of the person's addresses; if it was the default, their newest other address becomes it. */
export async function deleteAddress(db: ProgramDb, employeeId: number, addressId: number) {
  return db.transaction(async (tx) => {
    const deleted = await tx.deleteFrom("address").where("id", "=", addressId).where("employee_id", "=", employeeId).returning("is_default").executeTakeFirst();
    if (!deleted) return false;
    if (deleted.is_default) {
      const next = await tx.selectFrom("address").select("id").where("employee_id", "=", employeeId).orderBy("id", "desc").limit(1).executeTakeFirst();
      if (next) await tx.updateTable("address").set({ is_default: true }).where("id", "=", next.id).execute();
    }
    return true;
  });
}
