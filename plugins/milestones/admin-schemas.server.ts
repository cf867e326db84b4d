import { z } from "zod";
import { LETTER_MAX } from "./letters.server";
import { CELEBRATION_THEMES } from "./rules";

/** A line of a celebration's banner. */
export const LINE_MAX = 120;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const line = z.preprocess(blank, z.string().trim().max(LINE_MAX, `At most ${LINE_MAX} characters`).optional());
const letter = z.preprocess(blank, z.string().max(LETTER_MAX, `At most ${LETTER_MAX.toLocaleString("en-US")} characters`).optional());

/** A program manager's celebration for someone: whom, its theme, its lines (the first required) and an optional letter. */
export const CelebrationSchema = z.object({
  intent: z.literal("celebrate"),
  person: z.string({ error: "Enter the person's sign-in name or e-mail" }).trim().min(1, "Enter the person's sign-in name or e-mail").max(200, "At most 200 characters"),
  style: z.coerce
    .number({ error: "Choose a theme" })
    .int("Choose a theme")
    .min(1, "Choose a theme")
    .max(CELEBRATION_THEMES, "Choose a theme"),
  line1: z.string({ error: "Enter the banner's first line" }).trim().min(1, "Enter the banner's first line").max(LINE_MAX, `At most ${LINE_MAX} characters`),
  line2: line,
  line3: line,
  line4: line,
  line5: line,
  letter,
});

/** The program's default letters (an empty one is removed). */
export const LettersSchema = z.object({
  intent: z.literal("letters"),
  birthday: letter,
  anniversary: letter,
});
