import type { z } from "zod";

const NONE = Object.freeze({});
const parsedBySchema = new WeakMap<z.ZodType, WeakMap<object, unknown>>();

/**
 * A plugin's options as a tenant's config holds them (`features.<id>`, absent: none), parsed by
 * the plugin's schema once per config object. A program's effective config is kept until its
 * settings change, so a request no longer parses them again; what it returns is shared, read-only.
 */
export function pluginOptions<S extends z.ZodType>(schema: S, options: object | undefined): z.output<S> {
  const given = options ?? NONE;
  let parsed = parsedBySchema.get(schema);
  if (!parsed) parsedBySchema.set(schema, (parsed = new WeakMap()));
  if (!parsed.has(given)) parsed.set(given, schema.parse(given));
  return parsed.get(given) as z.output<S>;
}
