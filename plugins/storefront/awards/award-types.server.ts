import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { parseAmount } from "../pricing";

/** The most an award may be worth, in cents (100,000.00 of the program's currency). */
const MAX_AWARD_CENTS = 100_000_00;
const displayLine = z.string().trim().max(100, "At most 100 characters");
const announcement = z.string().trim().max(4_000, "At most 4,000 characters");

/** An award type as program managers edit it and as a tenant file carries it (`data.storefront.awardTypes`). */
export const awardTypeSchema = z.strictObject({
  name: z.string().trim().min(1, "Enter a name").max(100, "At most 100 characters"),
  yearsService: z.coerce.number({ message: "Enter the years of service" }).int("Enter whole years").min(1, "At least 1 year").max(80, "At most 80 years"),
  valueCents: z.number().int().min(0).max(MAX_AWARD_CENTS),
  display1: displayLine.nullable(),
  display2: displayLine.nullable(),
  display3: displayLine.nullable(),
  announcement: announcement.nullable(),
  hideShopButton: z.boolean(),
  active: z.boolean(),
});

export type AwardType = z.infer<typeof awardTypeSchema>;

const VALUE_EXPECTED = "Enter the award's value, like 100.00";

/** The award type form's fields as sent (conform sends an empty field as missing): what `formConstraint` reads. */
export const awardTypeFields = z.object({
  name: awardTypeSchema.shape.name,
  yearsService: awardTypeSchema.shape.yearsService,
  value: z
    .string({ message: VALUE_EXPECTED })
    .refine((text) => parseAmount(text) !== null, VALUE_EXPECTED)
    .refine((text) => (parseAmount(text) ?? 0) <= MAX_AWARD_CENTS, "At most 100,000.00"),
  display1: displayLine.optional(),
  display2: displayLine.optional(),
  display3: displayLine.optional(),
  announcement: announcement.optional(),
  hideShopButton: z.literal("on").optional(),
  active: z.literal("on").optional(),
});

/** The award type form: the value as typed in the program's currency, checkboxes as a plain form sends them. */
export const awardTypeFormSchema = awardTypeFields.transform(
  (form): AwardType => ({
    name: form.name,
    yearsService: form.yearsService,
    valueCents: parseAmount(form.value)!,
    display1: form.display1 ?? null,
    display2: form.display2 ?? null,
    display3: form.display3 ?? null,
    announcement: form.announcement ?? null,
    hideShopButton: form.hideShopButton === "on",
    active: form.active === "on",
  }),
);

const columns = (type: AwardType) => ({
  name: type.name,
  years_service: type.yearsService,
  value_cents: type.valueCents,
  display1: type.display1,
  display2: type.display2,
  display3: type.display3,
  announcement: type.announcement,
  hide_shop_button: type.hideShopButton,
  active: type.active,
});

/** The program's award types, by years of service then name. */
export async function awardTypes(db: ProgramDb) {
  const rows = await db.selectFrom("service_award_type").selectAll().orderBy("years_service").orderBy("name").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    yearsService: row.years_service,
    valueCents: row.value_cents,
    display1: row.display1,
    display2: row.display2,
    display3: row.display3,
    announcement: row.announcement,
    hideShopButton: row.hide_shop_button,
    active: row.active,
  }));
}

export class DuplicateAwardType extends Error {}

/** Adds an award type, or changes the one of `id`; a name already taken by another type is refused. */
export async function saveAwardType(db: ProgramDb, type: AwardType, id: number | null) {
  return db.transaction(async (tx) => {
    const clash = await tx.selectFrom("service_award_type").select("id").where("name", "=", type.name).executeTakeFirst();
    if (clash && clash.id !== id) throw new DuplicateAwardType(`There is already an award type named ${type.name}`);
    if (id === null) return (await tx.insertInto("service_award_type", columns(type)).returning("id").executeTakeFirstOrThrow()).id;
    const updated = await tx.updateTable("service_award_type").set(columns(type)).where("id", "=", id).returning("id").executeTakeFirst();
    if (!updated) throw new Response("Not found", { status: 404 });
    return updated.id;
  });
}

/**
 * Makes the program's award types those of a tenant file: each is added or changed by name, and
 * a type the file does not name is switched off, never deleted (its awards keep their type).
 */
export async function replaceAwardTypes(db: ProgramDb, types: readonly AwardType[]) {
  for (const type of types) {
    await db
      .insertInto("service_award_type", columns(type))
      .onConflict((oc) => oc.columns(["program_id", "name"]).doUpdateSet(columns(type)))
      .execute();
  }
  const named = types.map((type) => type.name);
  let others = db.updateTable("service_award_type").set({ active: false });
  if (named.length > 0) others = others.where("name", "not in", named);
  await others.execute();
}
