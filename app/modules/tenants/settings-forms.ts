/**
 * The site settings a program manager changes in the app: only those the
 * product already acts on. The others in the tenant file arrive here with the
 * features that read them (the welcome post with Moments, and so on).
 */
export const siteSwitches = {
  twoFactorEnabled: { label: "Two-factor verification by SMS", help: "Everyone confirms a code sent to their phone after signing in with a password." },
  contactUsCardOnHomepage: { label: "Contact-us card on the home page", help: "Shows the headline and text below beside the feed." },
  employeePreferencesEnabled: {
    label: "Privacy settings",
    help: "Everyone chooses how they are recognised and who sees their timeline. Off, the page is hidden and what each person chose before still applies.",
  },
  highContrastEnabled: { label: "High contrast", help: "Everyone may choose darker text and borders and underlined links in their settings." },
  notificationsEnabled: { label: "Notification settings", help: "Everyone chooses which notifications reach them by e-mail, text and push. Off, the page is hidden and what each person chose before still applies." },
} as const;

export const siteTexts = {
  contactUsHeadlineText: "Contact-us headline",
  contactUsText: "Contact-us text",
  supportEmail: "Support address (help requests from the help page are e-mailed to it)",
  programInfoText: "Program guide (Markdown: **bold**, _italic_, # headings, - lists, links)",
} as const;

export type SiteSwitch = keyof typeof siteSwitches;
export const siteSwitchKeys = Object.keys(siteSwitches) as SiteSwitch[];

/** The labels the change history uses for site settings. */
export const siteSettingLabels: Record<string, string> = {
  ...Object.fromEntries(siteSwitchKeys.map((key) => [key, siteSwitches[key].label])),
  ...siteTexts,
};

export const MAX_NOTICES = 5;

/** The notification settings a program manager changes: the optional channels and the reminders, by their path in `notifications`. */
export const notificationSettingLabels: Record<string, string> = {
  smsEnabled: "Text messages",
  pushEnabled: "Push notifications",
  "reminders.login.enabled": "Login reminder",
  "reminders.login.afterDays": "Login reminder, days without signing in",
  "reminders.login.text": "Login reminder text",
  "reminders.refill.enabled": "Refill reminder",
  "reminders.refill.dayOfMonth": "Refill reminder, day of the month",
  "reminders.refill.text": "Refill reminder text",
  "reminders.approvals.enabled": "Approval reminder",
  "reminders.approvals.afterDays": "Approval reminder, days a request waits",
};
