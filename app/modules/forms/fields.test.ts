import { describe, expect, it } from "vitest";
import { calendarDay, wholeNumber } from "./fields";

const points = wholeNumber({ required: "required", invalid: "invalid", tooSmall: "small", tooBig: "big" }, { min: 1, max: 100 });

describe("form fields", () => {
  it("take digits only as a whole number", () => {
    expect(points.parse("7")).toBe(7);
    for (const typed of ["0x10", "1e3", " 7", "7 ", "-3", "1.5", "", "٣"]) {
      expect(points.safeParse(typed).error?.issues[0]?.message, typed).toBe("invalid");
    }
    expect(points.safeParse("0").error?.issues[0]?.message).toBe("small");
    expect(points.safeParse("101").error?.issues[0]?.message).toBe("big");
    expect(points.safeParse("99999999999999999999").error?.issues[0]?.message).toBe("invalid");
  });

  it("take only calendar days that exist", () => {
    const day = calendarDay("Choose a date");
    expect(day.parse("2028-02-29")).toBe("2028-02-29");
    for (const typed of ["2030-02-31", "2027-02-29", "2027-13-01", "2027-1-01", "tomorrow"]) expect(day.safeParse(typed).success, typed).toBe(false);
  });
});
