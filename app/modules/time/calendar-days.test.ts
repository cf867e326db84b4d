import { describe, expect, it } from "vitest";
import { addDays, anniversariesBetween, anniversaryIn, daysBetween, hireMonthDaysBetween, yearsText } from "./calendar-days";

describe("work anniversaries", () => {
  it("fall on the hire date's month and day, counting whole years from the hire", () => {
    expect(anniversariesBetween("2016-03-14", "2026-03-10", "2026-03-16")).toEqual([{ day: "2026-03-14", years: 10 }]);
    expect(anniversariesBetween("2016-03-14", "2026-03-15", "2026-03-21")).toEqual([]);
    // The day of the hire itself is no anniversary.
    expect(anniversariesBetween("2026-03-14", "2026-03-10", "2026-03-16")).toEqual([]);
  });

  it("of a 29 February hire are on 28 February in other years, and on the 29th in leap years", () => {
    expect(anniversaryIn("2020-02-29", 2027)).toBe("2027-02-28");
    expect(anniversaryIn("2020-02-29", 2028)).toBe("2028-02-29");
    expect(anniversariesBetween("2020-02-29", "2025-02-22", "2025-02-28")).toEqual([{ day: "2025-02-28", years: 5 }]);
    expect(hireMonthDaysBetween("2025-02-28", "2025-02-28")).toEqual(["02-28", "02-29"]);
    expect(hireMonthDaysBetween("2028-02-28", "2028-02-28")).toEqual(["02-28"]);
  });

  it("are found across the turn of a year", () => {
    expect(addDays("2026-01-02", -6)).toBe("2025-12-27");
    expect(anniversariesBetween("2001-12-30", "2025-12-27", "2026-01-02")).toEqual([{ day: "2025-12-30", years: 24 }]);
    expect(hireMonthDaysBetween("2025-12-30", "2026-01-02")).toEqual(["12-30", "12-31", "01-01", "01-02"]);
  });

  it("are days listed in order, both ends included, across a month's end", () => {
    expect(daysBetween("2027-02-27", "2027-03-01")).toEqual(["2027-02-27", "2027-02-28", "2027-03-01"]);
    expect(daysBetween("2027-03-02", "2027-03-01")).toEqual([]);
  });

  it("are said in whole years", () => {
    expect([1, 2, 25].map(yearsText)).toEqual(["1 year", "2 years", "25 years"]);
  });
});
