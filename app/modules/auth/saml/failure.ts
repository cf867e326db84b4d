/** Why a single sign-on attempt failed: logged in full, shown to the user as one of a few plain messages. */
export const ssoFailureReasons = [
  "invalid",
  "expired",
  "replayed",
  "unsolicited",
  "denied",
  "unknown-user",
  "not-configured",
  "ticket",
] as const;
export type SsoFailureReason = (typeof ssoFailureReasons)[number];

export class SamlFailure extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    /** For the log line: what exactly did not match. Never shown to the user. */
    detail: string,
  ) {
    super(detail);
    this.name = "SamlFailure";
  }
}


const UNVERIFIED = "We could not verify the answer from your company's sign-in service. Please try again.";

export const ssoFailureMessages: Record<SsoFailureReason, string> = {
  invalid: UNVERIFIED,
  replayed: UNVERIFIED,
  unsolicited: UNVERIFIED,
  expired: "The sign-in took too long and has expired. Please try again.",
  denied: "Your company's sign-in service did not sign you in.",
  "unknown-user":
    "You signed in with your company account, but this program has no account for you. Please contact your program administrator or HR.",
  "not-configured": "Single sign-on is not set up for this program. Please sign in with your username and password.",
  ticket: "This sign-in link has expired or was already used. Please sign in again.",
};

export function ssoFailureMessage(reason: string | null) {
  return ssoFailureMessages[
    (ssoFailureReasons as readonly string[]).includes(reason ?? "") ? (reason as SsoFailureReason) : "invalid"
  ];
}
