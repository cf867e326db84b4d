import type { ColumnType, Generated } from "kysely";
import { z } from "zod";
import { LOT_CODE_LENGTH } from "./format";

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


/** The spec's lot activation statuses, plus EXPIRED, which shows as an unexpected error. */
export type ActivationResult =
  | { status: "ACTIVATED"; lotCode: string; lotPointsValue: number }
  | { status: "PREVIOUSLY_ACTIVATED"; lotCode: string }
  | { status: "NOT_FOUND"; lotCode: string }
  | { status: "INSUFFICIENT_FUNDS"; lotCode: string; lotPointsValue: number }
  | { status: "EXPIRED"; lotCode: string; expiresAt: string };

export function normalizeLotCode(input: string) {
  return input.trim().toUpperCase();
}

export const ActivateLotSchema = z.object({
  lotCode: z
    .string({ error: `Enter the ${LOT_CODE_LENGTH}-character lot code` })
    .transform(normalizeLotCode)
    .pipe(z.string().regex(/^[A-Z0-9]{5}$/, `Enter the ${LOT_CODE_LENGTH}-character lot code`)),
  redirectTo: z.string().optional(),
});

export function activationMessage(result: ActivationResult) {
  switch (result.status) {
    case "ACTIVATED":
      return `Lot ${result.lotCode} has been activated.`;
    case "PREVIOUSLY_ACTIVATED":
      return `Lot ${result.lotCode} has already been activated`;
    case "NOT_FOUND":
      return `Lot ${result.lotCode} was not found`;
    case "EXPIRED":
      return `Unexpected error when activating lot: lot ${result.lotCode} expired on ${result.expiresAt.slice(0, 10)}`;
    case "INSUFFICIENT_FUNDS":
      return `Lot ${result.lotCode} needs ${result.lotPointsValue.toLocaleString("en-US")} points`;
  }
}

export const UNEXPECTED_ERROR = "Unexpected error when activating lot: ";

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
