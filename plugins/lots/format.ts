import { normalizeCode } from "~/modules/codes/format";

/** The spec: a lot code is exactly 5 characters. */
export const LOT_CODE_LENGTH = 5;

/** Like a redeem code: what reads alike counts alike (O is 0, I and L are 1). */
export function normalizeLotCode(input: string) {
  return normalizeCode(input.trim());
}
