import { describe, expect, it } from "vitest";
import { skeleton } from "./skeleton.server";

describe("a word's skeleton", () => {
  it("is one for the word and its look-alikes: case, full-width letters, other scripts' letters, added accents, invisible characters", () => {
    const word = skeleton("badword");
    for (const lookalike of ["BadWord", "ｂａｄｗｏｒｄ", "b\u0430dword", "bad\u0301word", "badwórd", "bad\u200dword", "b\u0430dw\u043Erd"]) {
      expect(skeleton(lookalike), lookalike).toBe(word);
    }
  });

  it("keeps words that only share letters apart", () => {
    expect(skeleton("goodword")).not.toBe(skeleton("badword"));
    expect(skeleton("café")).toBe(skeleton("cafe"));
    expect(skeleton("日本")).toBe("日本");
  });
});
