/** The spec: a lot code is exactly 5 characters. */
export const LOT_CODE_LENGTH = 5;

export function normalizeLotCode(input: string) {
  return input.trim().toUpperCase();
}
