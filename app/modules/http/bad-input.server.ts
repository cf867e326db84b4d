/**
 * PostgreSQL's answers to values no column can hold: a null byte or an invalid
 * sequence in text, a number out of range, text that is not a number. They come
 * from what a client sent, so they are the client's error (400), not ours.
 */
const BAD_VALUE_CODES = new Set(["22021", "22P05", "22003", "22P02", "22008", "22007", "54000"]);

/** Whether an error means the request itself could not be understood. */
export function isBadInput(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && BAD_VALUE_CODES.has(code)) return true;
  // request.formData() or a streamed upload on a body that is not a form (JSON, text/plain), or breaks off, or lies about its parts.
  if (error instanceof TypeError && /FormData|multipart|boundary|body/i.test(error.message)) return true;
  return error.cause !== undefined && isBadInput(error.cause);
}

export const BAD_REQUEST_MESSAGE = "We could not understand that request. Please check what you entered and try again.";

/**
 * The 4xx status an error carries (express's and its parsers' errors say `status`
 * or `statusCode`, as a malformed percent-encoding in a path does), or null: the
 * request was at fault, so it is answered with that status, not as our failure.
 */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const carried = typeof status === "number" ? status : statusCode;
  return typeof carried === "number" && Number.isInteger(carried) && carried >= 400 && carried < 500 ? carried : null;
}
