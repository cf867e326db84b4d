import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "recognize" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["password", "*.password", "headers.cookie"], censor: "[redacted]" },
  });
}
