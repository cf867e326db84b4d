import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { CODE_NOT_VALID, normalizeCode, REDEEM_CODE_LENGTH } from "./format";

/** The redeem form, checked on the server only (the code input formats and limits itself in the browser). */
const RedeemCodeSchema = z.object({
  code: z
    .string({ error: CODE_NOT_VALID })
    .max(REDEEM_CODE_LENGTH + 1, CODE_NOT_VALID)
    .refine((value) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value.trim()), CODE_NOT_VALID)
    .transform(normalizeCode),
  redirectTo: z.string().optional(),
});

export function parseRedeemCode(formData: FormData) {
  return parseWithZod(formData, { schema: RedeemCodeSchema });
}
