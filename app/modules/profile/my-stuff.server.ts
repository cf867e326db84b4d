import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { rowId } from "~/utils/row-id";
import { MY_STUFF_MAX, shownItem, type ProfileCategories } from "./categories";

export const MY_STUFF_FULL = `My Stuff holds at most ${MY_STUFF_MAX} things. Remove one first.`;
export const ALREADY_IN_MY_STUFF = "That is in your My Stuff already.";

/** The thing chosen to add, as "<category id>/<item id>" (the select's value), among those the program shows. */
export function addStuffSchema(categories: ProfileCategories) {
  return z.object({
    thing: z
      .string({ error: "Choose a favourite thing." })
      .transform((value) => value.split("/"))
      .refine(([category = "", item = ""]) => shownItem(categories, category, item) !== undefined, "Choose one of the things listed.")
      .transform(([category = "", item = ""]) => ({ category, item })),
  });
}

export const RemoveStuffSchema = z.object({ entry: z.string().transform((value) => rowId(value)).pipe(z.number()) });

export interface StuffGroup {
  category: string;
  things: { entryId: number; name: string }[];
}

/** A person's favourite things as stored, in the order they added them, whatever their categories. */
export function myStuffRows(db: ProgramDb, employeeId: number) {
  return db.selectFrom("my_stuff_item").select(["id", "category_id", "item_id"]).where("employee_id", "=", employeeId).orderBy("id").execute();
}

/** Of a person's stored things, those the program shows, grouped by category in the program's order. */
export function myStuffGroups(rows: Awaited<ReturnType<typeof myStuffRows>>, categories: ProfileCategories): StuffGroup[] {
  return categories.myStuff.flatMap((category) => {
    const things = rows.flatMap((row) => {
      if (row.category_id !== category.id) return [];
      const shown = shownItem(categories, row.category_id, row.item_id);
      return shown ? [{ entryId: row.id, name: shown.item.name }] : [];
    });
    return things.length > 0 ? [{ category: category.name, things }] : [];
  });
}

/** A person's favourite things, grouped by category in the program's order, of what the program shows. */
export async function myStuffOf(db: ProgramDb, employeeId: number, categories: ProfileCategories): Promise<StuffGroup[]> {
  return myStuffGroups(await myStuffRows(db, employeeId), categories);
}

/** Adds a favourite thing, once, up to the most a person keeps; the reason when it cannot. */
export async function addMyStuff(db: ProgramDb, employeeId: number, thing: { category: string; item: string }): Promise<string | null> {
  return db.transaction(async (tx) => {
    // One person's additions one at a time, so two at once cannot pass the limit together.
    await tx.selectFrom("employee").select("id").where("id", "=", employeeId).forUpdate().executeTakeFirst();
    const { count } = await tx.selectFrom("my_stuff_item").select((eb) => eb.fn.countAll<string>().as("count")).where("employee_id", "=", employeeId).executeTakeFirstOrThrow();
    if (Number(count) >= MY_STUFF_MAX) return MY_STUFF_FULL;
    const added = await tx
      .insertInto("my_stuff_item", { employee_id: employeeId, category_id: thing.category, item_id: thing.item })
      .onConflict((conflict) => conflict.constraint("my_stuff_item_once").doNothing())
      .returning("id")
      .executeTakeFirst();
    return added ? null : ALREADY_IN_MY_STUFF;
  });
}

export async function removeMyStuff(db: ProgramDb, employeeId: number, entryId: number) {
  await db.deleteFrom("my_stuff_item").where("employee_id", "=", employeeId).where("id", "=", entryId).execute();
}
