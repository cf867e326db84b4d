import { z } from "zod";
import { MAX_POINTS_AMOUNT, wholeNumber } from "~/modules/forms/fields";
import { noticeTypes } from "./notice-types";
import { REMINDER_TEXT_MAX } from "~/modules/notifications/reminders";
import { PROGRAM_GUIDE_MAX } from "./schema";
import { MAX_NOTICES } from "./settings-forms";

const reminderText = z
  .string({ error: "Enter the reminder's text" })
  .trim()
  .min(1, "Enter the reminder's text")
  .max(REMINDER_TEXT_MAX, `A reminder has at most ${REMINDER_TEXT_MAX} characters`);

const dayCount = (what: string, max: number) =>
  wholeNumber({ required: `Enter ${what}`, invalid: `${what[0]!.toUpperCase()}${what.slice(1)} must be a whole number from 1 to ${max}`, tooSmall: `At least 1`, tooBig: `At most ${max}` }, { min: 1, max });

// Only the server checks these (see useCheckedForm): the settings pages ship their labels, not zod.

/**
 * The program settings form: the checked rules of its texts and of a new
 * notice. Switches and plugin options are read beside it (a plugin's options
 * are checked by its own schema when the settings merge).
 */
export const ProgramSettingsSchema = z.object({
  contactUsHeadlineText: z.string({ error: "Enter a headline" }).trim().min(1, "Enter a headline").max(120, "A headline has at most 120 characters"),
  contactUsText: z.string().trim().max(1000, "The text has at most 1,000 characters").default(""),
  supportEmail: z.email("Enter an e-mail address, like help@example.com").max(254, "At most 254 characters").default(""),
  programInfoText: z.string().trim().max(PROGRAM_GUIDE_MAX, `The guide has at most ${PROGRAM_GUIDE_MAX.toLocaleString("en-US")} characters`).default(""),
  newNotice: z
    .object({
      type: z.enum(noticeTypes, { error: "Choose a notice type" }).default("info"),
      message: z.string().trim().max(500, "A notice has at most 500 characters").optional(),
      closeable: z.boolean().optional(),
    })
    .optional(),
  removeNotice: z.array(z.string().max(60)).max(MAX_NOTICES).optional(),
  notifications: z.object({
    smsEnabled: z.boolean().optional(),
    pushEnabled: z.boolean().optional(),
    reminders: z.object({
      login: z.object({ enabled: z.boolean().optional(), afterDays: dayCount("the number of days", 365), text: reminderText }),
      refill: z.object({ enabled: z.boolean().optional(), dayOfMonth: dayCount("the day of the month", 28), text: reminderText }),
      approvals: z.object({ enabled: z.boolean().optional(), afterDays: dayCount("the number of days", 90) }),
    }),
  }),
});

/** Adding points to the program's bucket (which funds grants and the features that issue points): a ledger deposit. */
export const BucketDepositSchema = z.object({
  amount: wholeNumber(
    {
      required: "Enter the number of points",
      invalid: "Point values must be a positive whole number.",
      tooSmall: "Point values must be a positive whole number.",
      tooBig: `At most ${MAX_POINTS_AMOUNT.toLocaleString("en-US")} points at a time`,
    },
    { min: 1, max: MAX_POINTS_AMOUNT },
  ),
  reason: z.string({ error: "Say what the deposit is for" }).trim().min(1, "Say what the deposit is for").max(200, "At most 200 characters"),
});
