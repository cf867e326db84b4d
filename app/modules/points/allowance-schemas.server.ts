import { z } from "zod";
import { wholeNumber } from "~/modules/forms/fields";
import { MAX_ALLOWANCE_POINTS, MAX_EXPIRY_DAYS } from "./allowances";

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A new allowance: a person (by sign-in name or e-mail) or a group, points each month or quarter, and when unused points expire. */
export const AllowanceSchema = z
  .object({
    intent: z.literal("create"),
    target: z.enum(["person", "group"], { error: "Choose who receives it" }),
    person: z.preprocess(blank, z.string().trim().max(200, "At most 200 characters").optional()),
    group: z.preprocess(blank, z.string().regex(/^\d{1,9}$/, "Choose a group").optional()),
    amount: wholeNumber(
      {
        required: "Enter the number of points",
        invalid: "Point values must be a positive whole number.",
        tooSmall: "Point values must be a positive whole number.",
        tooBig: `At most ${MAX_ALLOWANCE_POINTS.toLocaleString("en-US")} points each period`,
      },
      { min: 1, max: MAX_ALLOWANCE_POINTS },
    ),
    period: z.enum(["MONTHLY", "QUARTERLY"], { error: "Choose how often" }),
    expiresAfterDays: z.preprocess(
      blank,
      wholeNumber(
        { required: "", invalid: "Enter a whole number of days", tooSmall: "At least 1 day", tooBig: `At most ${MAX_EXPIRY_DAYS} days` },
        { min: 1, max: MAX_EXPIRY_DAYS },
      ).optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.target === "person" && !value.person) context.addIssue({ code: "custom", path: ["person"], message: "Enter the person's sign-in name or e-mail" });
    if (value.target === "group" && !value.group) context.addIssue({ code: "custom", path: ["group"], message: "Choose a group" });
  });

/** Pausing or resuming an allowance (its grants so far stay). */
export const AllowanceSwitchSchema = z.object({ intent: z.enum(["pause", "resume"]), id: z.string().regex(/^\d{1,9}$/) });
