/** How a change history reads: one line per thing changed, quoting its value before and after. */
const QUOTED_LENGTH = 60;

/** "welcomePostExpirationDays" → "Welcome post expiration days", "reactions.like" → "Reactions, like": for a setting no label names (set by a tenant import). */
export function humanise(key: string) {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replaceAll(".", ", ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a change line quotes it. */
export function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "string") return `“${value.length > QUOTED_LENGTH ? `${value.slice(0, QUOTED_LENGTH - 1)}…` : value}”`;
  return JSON.stringify(value);
}

/** "Label: before → after", or "Label: switched on" for a switch. */
export function changeLine(label: string, before: unknown, after: unknown) {
  if (typeof before === "boolean" || typeof after === "boolean") return `${label}: switched ${after === true ? "on" : "off"}`;
  return `${label}: ${show(before)} → ${show(after)}`;
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
