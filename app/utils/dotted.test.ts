import { describe, expect, it } from "vitest";
import { flattenDotted, mergeDeep, nestDotted, valueAt } from "./dotted";

describe("dotted paths", () => {
  it("nest, flatten and read back the same options", () => {
    const flat = { "reactions.like.enabled": true, "reactions.love.enabled": false, moderationEnabled: true, tags: ["a"] };
    const nested = nestDotted(flat);
    expect(nested).toEqual({ reactions: { like: { enabled: true }, love: { enabled: false } }, moderationEnabled: true, tags: ["a"] });
    expect(flattenDotted(nested)).toEqual(flat);
    expect(valueAt(nested, "reactions.love.enabled")).toBe(false);
    expect(valueAt(nested, "reactions.wow.enabled")).toBeUndefined();
    expect(valueAt(nested, "moderationEnabled.deeper")).toBeUndefined();
  });

  it("merge object by object, keeping what the override does not name", () => {
    const base = { enabled: true, reactions: { like: { enabled: true }, love: { enabled: true } }, list: [1, 2] };
    expect(mergeDeep(base, { reactions: { love: { enabled: false } }, list: [3] })).toEqual({
      enabled: true,
      reactions: { like: { enabled: true }, love: { enabled: false } },
      list: [3],
    });
    expect(base.reactions.love.enabled).toBe(true);
  });
});
