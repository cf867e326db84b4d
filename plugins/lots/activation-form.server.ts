import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { LOT_CODE_LENGTH, normalizeLotCode } from "./format";

/** The Activate Lot form, checked on the server (the card's input limits itself in the browser). */
const ActivateLotSchema = z.object({
  lotCode: z
    .string({ error: `Enter the ${LOT_CODE_LENGTH}-character lot code` })
    .transform(normalizeLotCode)
    .pipe(z.string().regex(/^[A-Z0-9]{5}$/, `Enter the ${LOT_CODE_LENGTH}-character lot code`)),
  redirectTo: z.string().optional(),
});

export function parseActivateLot(formData: FormData) {
  return parseWithZod(formData, { schema: ActivateLotSchema });
}
