/** One formatter for every label: `toLocaleDateString` with options makes one per call, about 0.1 ms each. */
const monthAndYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-03" as a person reads it: "March 2026". */
export function monthLabel(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return monthAndYear.format(new Date(Date.UTC(year, number - 1, 1)));
}

/** "2026-03" on a chart's axis: "Mar". */
export function shortMonthLabel(month: string) {
  return monthLabel(month).slice(0, 3);
}
