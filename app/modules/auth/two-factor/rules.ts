import { parsePhoneNumberFromString } from "libphonenumber-js/min";
// Two-factor constants and messages, free of zod: the code page's JavaScript stays small.
/** The spec's two-factor constants (platform section 9). */
export const CODE_LENGTH = 6;
export const RESEND_AFTER_MS = 30 * 1000;
export const CODE_VALID_MS = 10 * 60 * 1000;
export const TIMER_TICK_MS = 100;
/** Wrong guesses a code survives; then it is dead and a new one must be sent. */
export const MAX_ATTEMPTS = 5;
/** Codes one person may have sent per hour, for sign-in and for phone changes together. */
export const MAX_CODES_PER_HOUR = 6;

/** The latest code's clock, for the page: when it was sent, when it ends, when a new one may be asked for. */
export interface CodeTimes {
  sentAt: string;
  expiresAt: string;
  resendAt: string;
}

/** The spec's messages and codes. */
export const TWO_FACTOR_ERRORS = {
  NO_PHONE: { code: "01.12.15", message: "No phone number registered." },
  INVALID: { code: "01.12.16", message: "Invalid Code. Please confirm code and try again." },
  EXPIRED: { code: "01.12.17", message: "This code has expired." },
  FAILED: { code: "01.12.18", message: "Something went wrong. Try again." },
} as const;
export type TwoFactorError = keyof typeof TWO_FACTOR_ERRORS;

export const VERIFICATION_COMPLETE = "Verification Complete!";
export const VERIFICATION_REQUIRED = "Verification Required";
export const TOO_MANY_CODES = "Too many codes were sent. Please wait an hour and try again.";
export const RESEND_TOO_SOON = `A new code can be sent ${RESEND_AFTER_MS / 1000} seconds after the last one.`;

export const phoneTypes = ["MOBILE", "LANDLINE", "OTHER"] as const;
export const MOBILE_REQUIRED = "A mobile number is required: text messages only reach mobile phones.";

/** "+15550100123" → "+1 ••• ••• 0123": enough to recognise, not enough to harvest. */
export function maskPhone(phone: string) {
  return `${phone.slice(0, phone.length - 10 > 0 ? phone.length - 10 : 2)} ••• ••• ${phone.slice(-4)}`;
}

/** "+15550100123" → "+1 555 010 0123", "+442079460958" → "+44 20 7946 0958", as each country writes its numbers (the spec's phoneNumberFormatted). */
export function formatPhone(phone: string) {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * A typed number in E.164 form, or null when it has no country code or cannot
 * be a number of its country. Possible, not valid: a number the metadata does
 * not know yet (a new range, a fictional 555 one in a demo) still gets its code.
 */
export function toE164(typed: string) {
  const phone = parsePhoneNumberFromString(typed);
  return phone?.isPossible() ? phone.number : null;
}
