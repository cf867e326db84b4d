/** The reminders' texts and how they read for one person (the settings page shows them; the reminder job sends them). */
export const REMINDER_TEXT_MAX = 300;

export const defaultReminderTexts = {
  login: "It has been {days} days since you last visited {program}. Sign in to see who has been recognized, and recognize someone yourself.",
  refill: "You have {points} points to give in {program}. Recognize someone before your points to give refill.",
} as const;

export interface ReminderValues {
  program: string;
  days?: number;
  points?: number;
}

/** A reminder's text with its placeholders filled in; a placeholder with no value stays as written. */
export function reminderText(template: string, values: ReminderValues) {
  return template.replace(/\{(program|days|points)\}/g, (placeholder, name: keyof ReminderValues) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return typeof value === "number" ? value.toLocaleString("en-US") : value;
  });
}
