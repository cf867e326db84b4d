export const REDEEM_CODE_LENGTH = 10;
export const CODE_NOT_VALID = "Code is not valid";
export const CODE_EXPIRED = "Code is expired";

/**
 * Crockford's base 32: digits and letters without I, L, O and U, so a printed
 * code never holds two characters that read alike.
 */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The spec's input rules (upper-cased, masked 5-5, the dash removed), and what
 * a reader may misread: O is 0, I and L are 1. U stays, for codes issued
 * before the alphabet left it out.
 */
export function normalizeCode(input: string) {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/** What the masked input shows for what was typed: at most 10 characters, a dash after the fifth. */
export function maskCode(input: string) {
  const code = normalizeCode(input).slice(0, REDEEM_CODE_LENGTH);
  return code.length > 5 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export function redeemedMessage(points: number) {
  return `You've successfully added ${points.toLocaleString("en-US")} points to your account...`;
}
