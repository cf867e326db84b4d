export const REDEEM_CODE_LENGTH = 10;
export const CODE_NOT_VALID = "Code is not valid";
export const CODE_EXPIRED = "Code is expired";

/** The spec's input rules: upper-cased A-Z and 0-9, masked 5-5; the dash is removed. */
export function normalizeCode(input: string) {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** What the masked input shows for what was typed: at most 10 characters, a dash after the fifth. */
export function maskCode(input: string) {
  const code = normalizeCode(input).slice(0, REDEEM_CODE_LENGTH);
  return code.length > 5 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export function redeemedMessage(points: number) {
  return `You've successfully added ${points.toLocaleString("en-US")} points to your account...`;
}
