import type { ColumnType, Generated } from "kysely";
import { z } from "zod";

export interface LotTable {
  id: Generated<number>;
  program_id: number;
  lot_code: string;
  name: string;
  code_count: number;
  points_per_code: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  status: Generated<"CREATED" | "ACTIVATED">;
  created_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  activated_by: number | null;
  activated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

declare module "~/modules/db/schema" {
  interface Database {
    lot: LotTable;
  }
}


/** Create-lot form: what an administrator needs to issue a lot of codes (the spec leaves the payload open). */
export function createLotSchema(limits: { maxCodesPerLot: number; maxPointsPerCode: number }, today: string) {
  return z.object({
    name: z.string({ error: "Enter a name for the lot" }).trim().min(1, "Enter a name for the lot").max(80, "Name must be at most 80 characters"),
    codeCount: z
      .number({ error: "Enter the number of codes" })
      .int("Enter a whole number of codes")
      .min(1, "A lot has at least 1 code")
      .max(limits.maxCodesPerLot, `A lot has at most ${limits.maxCodesPerLot.toLocaleString("en-US")} codes`),
    pointsPerCode: z
      .number({ error: "Enter the points per code" })
      .int("Point values must be a positive whole number.")
      .min(1, "Point values must be a positive whole number.")
      .max(limits.maxPointsPerCode, `A code is worth at most ${limits.maxPointsPerCode.toLocaleString("en-US")} points`),
    expiresOn: z
      .string({ error: "Choose an expiry date" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose an expiry date")
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Choose an expiry date")
      .refine((value) => value > today, "The expiry date must be after today"),
  });
}
