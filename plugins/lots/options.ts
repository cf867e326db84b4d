import { z } from "zod";

/** The lots plugin's options in a tenant file, under features.lots. */
export const lotsOptions = z.object({
  maxCodesPerLot: z.number().int().min(1).max(10_000).default(1_000),
  maxPointsPerCode: z.number().int().min(1).max(1_000_000).default(100_000),
});

export type LotsOptions = z.infer<typeof lotsOptions>;
