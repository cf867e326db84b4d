import { z } from "zod";

/** The most points one transfer, deposit or code may move: a documented ceiling far inside the 64-bit ledger. */
export const MAX_POINTS_AMOUNT = 100_000_000;

/**
 * A whole number as a person types it: digits only. "0x10", "1e3", " 7",
 * "-3" and "1.5" are not numbers of points or codes, whatever JavaScript's
 * Number() makes of them.
 */
export function wholeNumber(messages: { required: string; invalid: string; tooSmall: string; tooBig: string }, bounds: { min: number; max: number }) {
  return z
    .string({ error: messages.required })
    .regex(/^\d{1,15}$/, messages.invalid)
    .transform(Number)
    .pipe(z.number().min(bounds.min, messages.tooSmall).max(bounds.max, messages.tooBig));
}

/** Whether "2030-02-31" names a day that exists (it does not: Date would roll it to March 3rd). */
function isCalendarDay(value: string) {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day "YYYY-MM-DD" that exists. */
export function calendarDay(message: string) {
  return z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isCalendarDay, message);
}
