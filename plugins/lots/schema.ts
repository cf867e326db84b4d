import type { ColumnType, Generated } from "kysely";
import { z } from "zod";
import { calendarDay, wholeNumber } from "~/modules/forms/fields";

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
    codeCount: wholeNumber(
      {
        required: "Enter the number of codes",
        invalid: "Enter a whole number of codes",
        tooSmall: "A lot has at least 1 code",
        tooBig: `A lot has at most ${limits.maxCodesPerLot.toLocaleString("en-US")} codes`,
      },
      { min: 1, max: limits.maxCodesPerLot },
    ),
    pointsPerCode: wholeNumber(
      {
        required: "Enter the points per code",
        invalid: "Point values must be a positive whole number.",
        tooSmall: "Point values must be a positive whole number.",
        tooBig: `A code is worth at most ${limits.maxPointsPerCode.toLocaleString("en-US")} points`,
      },
      { min: 1, max: limits.maxPointsPerCode },
    ),
    expiresOn: calendarDay("Choose an expiry date").refine((value) => value > today, "The expiry date must be after today"),
  });
}
