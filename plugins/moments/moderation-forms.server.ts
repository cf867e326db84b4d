import { z } from "zod";
import { hashtagProblem } from "./hashtags";
import { messages } from "./rules";
import { REMOVAL_REASON_MAX_LENGTH, REPORT_DETAILS_MAX_LENGTH } from "./moderation";

/** The report form: why, from the short list, and optionally in the reporter's words. */
export const ReportSchema = z.object({
  reason: z.enum(["OFFENSIVE", "HARASSMENT", "SPAM", "PRIVATE", "OTHER"], { error: "Choose why you are reporting it." }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, `Say it in at most ${REPORT_DETAILS_MAX_LENGTH} characters.`)
    .optional(),
});

/** A moderator's decision: what the author is told when it is removed. */
export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({
    intent: z.literal("remove"),
    reason: z
      .string({ error: "Say why it is removed: its author is told." })
      .trim()
      .min(1, "Say why it is removed: its author is told.")
      .max(REMOVAL_REASON_MAX_LENGTH, `Say it in at most ${REMOVAL_REASON_MAX_LENGTH} characters.`),
  }),
]);

/** A hashtag a moderator bans: the spec's pattern ('#' optional). */
export const BanSchema = z.object({
  name: z
    .string({ error: "Enter the hashtag to ban." })
    .trim()
    .transform((name) => name.replace(/^#/, ""))
    .pipe(z.string().min(1, "Enter the hashtag to ban.").refine((name) => hashtagProblem(name, () => false) === null, messages.hashtagPattern)),
});
