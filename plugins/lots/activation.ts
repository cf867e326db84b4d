// What activating a lot can answer, in the spec's words; free of zod, as the activation page ships it.

/** The spec's lot activation statuses, plus EXPIRED, which shows as an unexpected error. */
export type ActivationResult =
  | { status: "ACTIVATED"; lotCode: string; lotPointsValue: number }
  | { status: "PREVIOUSLY_ACTIVATED"; lotCode: string }
  | { status: "NOT_FOUND"; lotCode: string }
  | { status: "INSUFFICIENT_FUNDS"; lotCode: string; lotPointsValue: number }
  /** expiresOn: the calendar day in the program's time zone. */
  | { status: "EXPIRED"; lotCode: string; expiresOn: string };

export function activationMessage(result: ActivationResult) {
  switch (result.status) {
    case "ACTIVATED":
      return `Lot ${result.lotCode} has been activated.`;
    case "PREVIOUSLY_ACTIVATED":
      return `Lot ${result.lotCode} has already been activated`;
    case "NOT_FOUND":
      return `Lot ${result.lotCode} was not found`;
    case "EXPIRED":
      return `Unexpected error when activating lot: lot ${result.lotCode} expired on ${result.expiresOn}`;
    case "INSUFFICIENT_FUNDS":
      return `Lot ${result.lotCode} needs ${result.lotPointsValue.toLocaleString("en-US")} points`;
  }
}

export const UNEXPECTED_ERROR = "Unexpected error when activating lot: ";
