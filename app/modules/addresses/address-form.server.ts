import { z } from "zod";
import { isCountry } from "./countries.server";

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `At most ${max} characters`);

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** A field the program does not ask for: whatever is sent, nothing is kept. */
const ignored = z.unknown().optional().transform((): null => null);

/**
 * A new address: who receives it, two lines, the postal code and the country; the city and the
 * state (or region) too when the program has cityStateEnabled, the city then required.
 */
export function addressSchema({ cityStateEnabled }: { cityStateEnabled: boolean }) {
  return z.object({
    recipient: text("recipient's name", 100),
    line1: text("street address", 100),
    line2: optional(100),
    city: cityStateEnabled ? text("city", 60) : ignored,
    state: cityStateEnabled ? optional(60) : ignored,
    postalCode: z
      .string()
      .trim()
      .max(12, "At most 12 characters")
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Use letters, digits, spaces and hyphens")
      .optional()
      .transform((value) => value?.toUpperCase() || null),
    country: z.string({ error: "Choose a country" }).refine(isCountry, "Choose a country"),
  });
}

export type AddressInput = z.infer<ReturnType<typeof addressSchema>>;

/** Set default and delete: which address. */
export const addressAction = z.object({ intent: z.enum(["default", "delete"]), id: z.coerce.number().int().positive() });
