/** The privacy preferences' choices and words (spec: Preferences), shared by /settings/privacy and the pages that honour them. */

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

/** Public or private recognition (publicRecognitionEnabled). */
export const recognitionChoices: readonly Choice<"PUBLIC" | "PRIVATE">[] = [
  { value: "PUBLIC", label: "Public recognition" },
  { value: "PRIVATE", label: "Private recognition" },
];

/** Who sees the timeline, Me In 3 and My Stuff (myTimelineEnabled, meIn3Enabled, myStuffEnabled). */
export const visibilityChoices: readonly Choice<"PUBLIC" | "PRIVATE">[] = [
  { value: "PUBLIC", label: "Public" },
  { value: "PRIVATE", label: "Only Me and My Manager" },
];

/** birthdayRecognitionType. */
export const birthdayChoices: readonly Choice<"CELEBRATE" | "MUTE" | "HIDE">[] = [
  { value: "CELEBRATE", label: "Celebrate it on the feed" },
  { value: "MUTE", label: "Show it in the milestone list only" },
  { value: "HIDE", label: "Keep it private" },
];

/** anniversaryRecognitionType. */
export const anniversaryChoices: readonly Choice<"CELEBRATE" | "MUTE">[] = [
  { value: "CELEBRATE", label: "Celebrate it on the feed" },
  { value: "MUTE", label: "Show it in the milestone list only" },
];

export const PRIVACY_SAVED = "Your privacy settings are saved.";

/** What a profile says in place of a section its person shares with their manager only. */
export function sharedWithManagerOnly(name: string, section: string) {
  return `${name} shares their ${section} with their manager only.`;
}
