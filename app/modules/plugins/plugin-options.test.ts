import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pluginOptions } from "./plugin-options";

describe("a plugin's options", () => {
  let parses = 0;
  const schema = z
    .object({ greeting: z.string().default("hello") })
    .transform((options) => ((parses += 1), options));

  it("are parsed once per config object, absent ones too, with the schema's defaults", () => {
    const features = { greeting: "hi" };
    const before = parses;
    const first = pluginOptions(schema, features);
    expect(pluginOptions(schema, features)).toBe(first);
    expect(first).toEqual({ greeting: "hi" });
    expect(pluginOptions(schema, undefined)).toEqual({ greeting: "hello" });
    expect(pluginOptions(schema, undefined)).toBe(pluginOptions(schema, undefined));
    expect(parses - before).toBe(2);
  });

  it("are parsed again for a new config object (settings saved), and by each schema for itself", () => {
    const before = parses;
    expect(pluginOptions(schema, { greeting: "hey" })).toEqual({ greeting: "hey" });
    expect(pluginOptions(schema, { greeting: "hey" })).toEqual({ greeting: "hey" });
    expect(parses - before).toBe(2);
    const other = z.object({ greeting: z.string().default("bonjour"), loud: z.boolean().default(false) });
    const shared = {};
    expect(pluginOptions(schema, shared)).toEqual({ greeting: "hello" });
    expect(pluginOptions(other, shared)).toEqual({ greeting: "bonjour", loud: false });
  });

  it("refuse options their schema refuses, every time", () => {
    const bad = { greeting: 3 };
    expect(() => pluginOptions(schema, bad)).toThrow();
    expect(() => pluginOptions(schema, bad)).toThrow();
  });
});
