import { useTimeZones } from "~/components/local-date";
import { remembered } from "~/utils/remembered";

const DAY = 86_400_000;
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const formats = new Map<string, { weekday: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>();

function formatsIn(zone: string) {
  return remembered(formats, zone, () => ({
    weekday: new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: zone }),
    short: new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "2-digit", timeZone: zone }),
  }));
}

/** The spec's post dates: relative under a day, then weekday-month-day within a week, then MM/DD/YY, the days as the program's time zone has them. */
export function postTime(iso: string, zone: string, now = Date.now()) {
  const then = new Date(iso);
  const age = Math.max(0, now - then.getTime());
  if (age < 60_000) return "just now";
  if (age < 3_600_000) return relative.format(-Math.floor(age / 60_000), "minute");
  if (age < DAY) return relative.format(-Math.floor(age / 3_600_000), "hour");
  const { weekday, short } = formatsIn(zone);
  return age < 7 * DAY ? weekday.format(then) : short.format(then);
}

export function PostTime({ iso }: { iso: string }) {
  const { zone } = useTimeZones();
  // The relative time moves between the server's render and the browser's: only that may differ.
  return (
    <time dateTime={iso} suppressHydrationWarning className="text-xs text-slate-600">
      {postTime(iso, zone)}
    </time>
  );
}
