const weekdayDate = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const monthDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** A calendar day ("YYYY-MM-DD") as its weekday and date: "Friday, November 27". Days are the program's calendar days, so every reader sees the same. */
export function weekdayAndDate(day: string) {
  return weekdayDate.format(noon(day));
}

/** A calendar day as its month and date: "November 27". */
export function monthAndDate(day: string) {
  return monthDate.format(noon(day));
}

/** A list's date heading: 'Today', or the weekday and date. */
export function dayHeading(day: string, today: string) {
  return day === today ? "Today" : weekdayAndDate(day);
}

/** A month label ("December 2026") of a "YYYY-MM". */
export function monthHeading(month: string) {
  return monthYear.format(noon(`${month}-15`));
}

/** "3 birthdays, 1 anniversary": a month's counts. */
export function monthCountsText({ birthdays, anniversaries }: { birthdays: number; anniversaries: number }) {
  return `${birthdays} ${birthdays === 1 ? "birthday" : "birthdays"}, ${anniversaries} ${anniversaries === 1 ? "anniversary" : "anniversaries"}`;
}
