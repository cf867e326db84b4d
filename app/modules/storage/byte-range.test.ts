import { describe, expect, it } from "vitest";
import { requestedRange } from "./byte-range";

describe("a Range header", () => {
  it("names one part of the object, open-ended or from its end", () => {
    expect(requestedRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange("bytes=990-2000", 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("asks for the whole object when absent, multiple or of another unit, and for nothing outside it", () => {
    expect(requestedRange(null, 1000)).toBeNull();
    expect(requestedRange("bytes=0-1,5-9", 1000)).toBeNull();
    expect(requestedRange("items=0-1", 1000)).toBeNull();
    expect(requestedRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(requestedRange("bytes=5-2", 1000)).toBe("unsatisfiable");
    expect(requestedRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});
