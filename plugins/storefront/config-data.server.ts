import { z } from "zod";
import { defineConfigData } from "~/modules/plugins/manifest";
import { awardTypes, awardTypeSchema, replaceAwardTypes } from "./awards/award-types.server";
import { brandsOff, setBrandsOff } from "./brands.server";

/**
 * The shop's program configuration held in the database travels with the tenant's export
 * (`data.storefront`) and is applied from its file: the switched-off brands, and the service
 * award types.
 */
export const storefrontConfigData = defineConfigData({
  schema: z.strictObject({
    brandsOff: z.array(z.string().min(1).max(100)).max(1_000),
    awardTypes: z.array(awardTypeSchema).max(200).default([]),
  }),
  read: async (db) => ({ brandsOff: await brandsOff(db), awardTypes: (await awardTypes(db)).map(({ id: _id, ...type }) => type) }),
  replace: async (db, data) => {
    await setBrandsOff(db, data.brandsOff);
    await replaceAwardTypes(db, data.awardTypes);
  },
});
