import { TZDate } from "@date-fns/tz";
import { endOfDay } from "date-fns";
import { remembered } from "~/utils/remembered";
import { VIEWER_ZONE_COOKIE } from "./viewer-zone";

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

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day ("2027-06-30") an instant falls on in a program's time zone, from a formatter
 * kept per zone: every signed-in page asks for today's, and lists ask for each row's.
 */
export function calendarDayIn(instant: Date | string, zone: string) {
  const parts = remembered(dayFormatters, zone, () => new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and style, kept: making one costs about a millisecond, and a page of history shows dozens of instants. */
function formatter(zone: string, named: boolean) {
  return remembered(
    formatters,
    `${zone}|${named}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: zone,
        ...(named ? { timeZoneName: "short" as const } : {}),
      }),
  );
}

const offsets = new Map<string, Intl.DateTimeFormat>();

/** "GMT-05:00": a zone's offset from UTC at an instant. */
function offsetAt(instant: Date, zone: string) {
  const parts = remembered(offsets, zone, () => new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })).formatToParts(instant);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/**
 * An instant as the program's people read it, the one rule of every page: in
 * the program's time zone, named when the viewer's own zone (null when not
 * known) reads that instant otherwise: "Nov 22, 2026, 5:04 PM EST", or
 * "Nov 22, 2026, 5:04 PM" for someone in New York. The server and the browser
 * render the same text from the same two zones.
 */
export function formatInstant(instant: Date | string, zone: string, viewerZone: string | null) {
  const at = new Date(instant);
  const named = viewerZone === null || offsetAt(at, zone) !== offsetAt(at, viewerZone);
  return formatter(zone, named).format(at);
}

/** The viewer's time zone from their request's cookie, or null when it is missing or no zone. */
export function viewerZoneOf(cookieHeader: string | null) {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${VIEWER_ZONE_COOKIE}=`))
    ?.slice(VIEWER_ZONE_COOKIE.length + 1);
  if (!value) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(value).slice(0, 64);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}
