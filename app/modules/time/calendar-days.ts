/** Days are "YYYY-MM-DD" strings throughout: calendar days in the program's time zone, never instants. */

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (value: number) => String(value).padStart(2, "0");

/** The day `days` after (or before) `day`. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included, in order. */
export function daysBetween(from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A yearly date (a birthday, an anniversary) in `year`: 29 February falls on 28 February in other years. */
function yearlyDayIn(month: number, day: number, year: number) {
  const shifted = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
  return `${year}-${pad(month)}-${pad(shifted)}`;
}

/** The anniversary of `hireDate` in `year`: 29 February hires have theirs on 28 February in other years. */
export function anniversaryIn(hireDate: string, year: number) {
  const [, month, day] = hireDate.split("-").map(Number) as [number, number, number];
  return yearlyDayIn(month, day, year);
}

/** The work anniversaries of `hireDate` from `from` to `to` (both included), with the years of service each completes. */
export function anniversariesBetween(hireDate: string, from: string, to: string): { day: string; years: number }[] {
  const hiredYear = Number(hireDate.slice(0, 4));
  const found: { day: string; years: number }[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const day = anniversaryIn(hireDate, year);
    if (year > hiredYear && day >= from && day <= to) found.push({ day, years: year - hiredYear });
  }
  return found;
}

/** The month-days ("MM-DD") whose yearly date (a hire date's, a birthday's) falls from `from` to `to`: a query's filter. */
export function hireMonthDaysBetween(from: string, to: string) {
  const monthDays = new Set<string>();
  for (const day of daysBetween(from, to)) {
    monthDays.add(day.slice(5));
    if (day.slice(5) === "02-28" && !isLeapYear(Number(day.slice(0, 4)))) monthDays.add("02-29");
  }
  return [...monthDays];
}

/** "1 year", "10 years". */
export function yearsText(years: number) {
  return years === 1 ? "1 year" : `${years} years`;
}

const fullDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** A calendar day ("YYYY-MM-DD") as a date every reader sees alike: "March 4, 2021". */
export function calendarDayText(day: string) {
  return fullDate.format(new Date(`${day}T12:00:00Z`));
}
