import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout. Writes are asynchronous: a line is handed to the
 * operating system after the request, lines logged while a write is under way
 * go out together in the next, and whatever is buffered is written
 * synchronously when the process exits. Nothing waits for a log line.
 */
export function createLogger(level: string) {
  return pino(
    {
      level,
      // The process too: under WEB_CONCURRENCY several write to one stdout.
      base: { service: "recognize", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["password", "*.password", "headers.cookie"], censor: "[redacted]" },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
