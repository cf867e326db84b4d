const DAY = 86_400_000;
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" });
const short = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "2-digit" });

/** The spec's post dates: relative under a day, then weekday-month-day within a week, then MM/DD/YY. */
export function postTime(iso: string, now = Date.now()) {
  const then = new Date(iso);
  const age = Math.max(0, now - then.getTime());
  if (age < 60_000) return "just now";
  if (age < 3_600_000) return relative.format(-Math.floor(age / 60_000), "minute");
  if (age < DAY) return relative.format(-Math.floor(age / 3_600_000), "hour");
  return age < 7 * DAY ? weekday.format(then) : short.format(then);
}

export function PostTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning className="text-xs text-slate-600">
      {postTime(iso)}
    </time>
  );
}
