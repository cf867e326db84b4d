/** What the people pages share with the browser (no zod here: it stays on the server). */

/** Which people the list shows: those active, those deactivated, or both. */
export const peopleStatuses = ["active", "inactive", "all"] as const;
export type PeopleStatus = (typeof peopleStatuses)[number];

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** Days in each month of a leap year: a birthday on 29 February is a real one. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** "Born on 30 February" is no birthday: both parts or neither, and the day within the month. */
export function birthdayProblem(month: number | undefined, day: number | undefined): { field: "birthMonth" | "birthDay"; message: string } | null {
  if (month === undefined && day === undefined) return null;
  if (month === undefined) return { field: "birthMonth", message: "Choose the month of the birthday, or clear its day." };
  if (day === undefined) return { field: "birthDay", message: "Choose the day of the birthday, or clear its month." };
  if (day > DAYS_IN_MONTH[month - 1]!) return { field: "birthDay", message: `${MONTHS[month - 1]} has ${DAYS_IN_MONTH[month - 1]} days.` };
  return null;
}

/** 3, 18 → "18 March": a birthday as people say it, never with a year. */
export function birthdayText(month: number | null, day: number | null) {
  return month && day ? `${day} ${MONTHS[month - 1]}` : null;
}
