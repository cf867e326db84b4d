import type { ProgramDb } from "~/modules/db/program-db.server";
import type { KeptAccess } from "~/modules/db/versioned-cache.server";
import type { Catalogue } from "./gift-cards/catalogue";
import { keptForShop } from "./shop-cache.server";

/** The brands the program has switched off, by key, sorted. */
export async function brandsOff(db: ProgramDb) {
  return (await db.selectFrom("storefront_brand_off").select("brand_key").orderBy("brand_key").execute()).map((row) => row.brand_key);
}

/** Replaces the program's switched-off brands, in one transaction. */
export async function setBrandsOff(db: ProgramDb, keys: readonly string[]) {
  await db.transaction(async (tx) => {
    await tx.deleteFrom("storefront_brand_off").execute();
    const unique = [...new Set(keys)];
    if (unique.length > 0) await tx.insertInto("storefront_brand_off", unique.map((brand_key) => ({ brand_key }))).execute();
  });
}

/** The catalogue as the program offers it: without the brands it switched off (kept until they change). */
export async function offeredCatalogue(access: KeptAccess, catalogue: Catalogue): Promise<Catalogue> {
  const off = new Set(await keptForShop(access, "brands-off", () => brandsOff(access.db)));
  return off.size === 0 ? catalogue : { ...catalogue, brands: catalogue.brands.filter((brand) => !off.has(brand.key)) };
}
