import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { calendarDayIn, endOfDayIn, formatInstant, isTimeZone, viewerZoneOf } from "./zones";

describe("program time zones", () => {
  it("ends a day at local midnight, whatever the offset or daylight saving", () => {
    expect(endOfDayIn("2027-06-30", "America/New_York").toISOString()).toBe("2027-07-01T03:59:59.999Z");
    expect(endOfDayIn("2027-12-31", "America/New_York").toISOString()).toBe("2028-01-01T04:59:59.999Z");
    expect(endOfDayIn("2027-03-28", "Europe/Berlin").toISOString()).toBe("2027-03-28T21:59:59.999Z");
    expect(endOfDayIn("2027-06-30", "UTC").toISOString()).toBe("2027-06-30T23:59:59.999Z");
  });

  it("names the day and time an instant falls on in the zone", () => {
    const instant = "2027-07-01T03:59:59.999Z";
    expect(calendarDayIn(instant, "America/New_York")).toBe("2027-06-30");
    expect(calendarDayIn(instant, "UTC")).toBe("2027-07-01");
  });

  it("names the day as date-fns reads it in the zone, around midnights and daylight saving, in zones a quarter hour off", () => {
    const zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
    const start = Date.UTC(2027, 2, 1);
    for (let at = start; at < start + 400 * 86_400_000; at += 7 * 3_600_000 + 15 * 60_000) {
      for (const zone of zones) expect(calendarDayIn(new Date(at), zone)).toBe(format(new TZDate(at, zone), "yyyy-MM-dd"));
    }
  });

  it("reads an instant in the program's zone everywhere, naming the zone when the viewer's reads it otherwise or is not known", () => {
    const instant = "2026-11-22T22:04:00Z";
    expect(formatInstant(instant, "America/New_York", null)).toBe("Nov 22, 2026, 5:04 PM EST");
    expect(formatInstant(instant, "America/New_York", "Europe/Berlin")).toBe("Nov 22, 2026, 5:04 PM EST");
    expect(formatInstant(instant, "America/New_York", "America/New_York")).toBe("Nov 22, 2026, 5:04 PM");
    // Another name for the same offset at that instant reads it alike.
    expect(formatInstant(instant, "America/New_York", "America/Toronto")).toBe("Nov 22, 2026, 5:04 PM");
  });

  it("takes the viewer's zone from the cookie the browser sets, only when it is one", () => {
    expect(viewerZoneOf("a=1; tz=Europe%2FBerlin; b=2")).toBe("Europe/Berlin");
    expect(viewerZoneOf("tz=Mars%2FOlympus")).toBeNull();
    expect(viewerZoneOf("tz=%E0%A4%A")).toBeNull();
    expect(viewerZoneOf(null)).toBeNull();
  });

  it("knows IANA zones and nothing else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
