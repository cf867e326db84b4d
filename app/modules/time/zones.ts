import { TZDate } from "@date-fns/tz";
import { endOfDay, format } from "date-fns";
import { remembered } from "~/utils/remembered";

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Berlin"). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The last instant of a calendar day ("2027-06-30") in a program's time zone: when something that "expires on" that day expires. */
export function endOfDayIn(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(endOfDay(new TZDate(year, month - 1, date, zone)).getTime());
}

/** The calendar day ("2027-06-30") an instant falls on in a program's time zone. */
export function calendarDayIn(instant: Date | string, zone: string) {
  return format(new TZDate(new Date(instant).getTime(), zone), "yyyy-MM-dd");
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the program's people read it: "Nov 22, 2026, 5:04 PM EST".
 * One formatter per zone, kept: making one costs about a millisecond, and a
 * page of history shows dozens of instants.
 */
export function formatInZone(instant: Date | string, zone: string) {
  const formatter = remembered(
    formatters,
    zone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: zone,
        timeZoneName: "short",
      }),
  );
  return formatter.format(new Date(instant));
}
