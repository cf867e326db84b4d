/** Error codes of a dependency that is not there: refused or lost connections, a server shutting down. */
const OUTAGE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** Whether an error means the database or Redis is unreachable (as opposed to a bug). */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && OUTAGE_CODES.has(code)) return true;
  if (error.name === "MaxRetriesPerRequestError") return true;
  if (/Connection terminated|Connection is closed|enableOfflineQueue options is false/.test(error.message)) return true;
  return error.cause !== undefined && isOutage(error.cause);
}
