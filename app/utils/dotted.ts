/**
 * Dotted paths into plain nested objects ("reactions.like.enabled"): how a
 * plugin names a nested option in its settings form, its change history and
 * its form's initial values.
 */
type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a dotted path, or undefined when any step is missing. */
export function valueAt(object: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (isPlain(value) ? value[key] : undefined), object);
}

/** { "a.b": 1, "a.c": 2, d: 3 } → { a: { b: 1, c: 2 }, d: 3 }. */
export function nestDotted(flat: Readonly<Record<string, unknown>>): Plain {
  const nested: Plain = {};
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split(".");
    const last = keys.pop()!;
    let at = nested;
    for (const key of keys) at = (isPlain(at[key]) ? at[key] : (at[key] = {})) as Plain;
    at[last] = value;
  }
  return nested;
}

/** { a: { b: 1 }, d: [1] } → { "a.b": 1, d: [1] }: the leaves of nested objects (lists are leaves). */
export function flattenDotted(object: Readonly<Plain>, prefix = ""): Plain {
  return Object.fromEntries(
    Object.entries(object).flatMap(([key, value]) => (isPlain(value) ? Object.entries(flattenDotted(value, `${prefix}${key}.`)) : [[`${prefix}${key}`, value]])),
  );
}

/** `over` laid onto `base`, object by object: what `over` does not name stays as `base` has it. */
export function mergeDeep(base: Readonly<Plain>, over: Readonly<Plain>): Plain {
  const merged: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = isPlain(value) && isPlain(merged[key]) ? mergeDeep(merged[key] as Plain, value) : value;
  return merged;
}
