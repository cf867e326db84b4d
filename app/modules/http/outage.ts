/** Socket errors of a dependency that is not there: refused, reset, unreachable, timed out. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going or gone: class 08 (connection
 * exception), 57P01–57P03 (shut down by an administrator, crashed, not accepting
 * connections yet) and 53300 (no connection slot left).
 */
function isServerUnavailableCode(code: string) {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/**
 * The messages of ioredis and pg (with pg-pool) that mean the connection is lost
 * or cannot be made; they carry no code. Each is the library's own wording.
 */
const LOST_CONNECTION_MESSAGES = [
  // ioredis
  "Connection is closed.",
  "Stream isn't writeable and enableOfflineQueue options is false",
  "Reached the max retries per request limit",
  "Command timed out",
  "Socket timeout. Expecting data",
  "connect ETIMEDOUT",
  "None of startup nodes is available",
  "Cluster is disconnected.",
  "Cluster isn't ready and enableOfflineQueue options is false",
  // pg and pg-pool
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Query read timeout",
];

/** Redis replies that mean the server cannot serve yet (loading, failing over), not that the command was wrong. */
const UNAVAILABLE_REPLIES = /^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN) /;

/** Whether an error means the database or Redis is unreachable (as opposed to a bug). */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || isServerUnavailableCode(code))) return true;
  if (error.name === "MaxRetriesPerRequestError") return true;
  if (LOST_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  if (error.name === "ReplyError" && UNAVAILABLE_REPLIES.test(error.message)) return true;
  // A connection tried on several addresses (IPv4 and IPv6) fails with all their errors at once.
  if (error instanceof AggregateError && error.errors.some(isOutage)) return true;
  return error.cause !== undefined && isOutage(error.cause);
}
