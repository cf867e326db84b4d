import { z } from "zod";
import { CODE_LENGTH, MOBILE_REQUIRED, phoneTypes, toE164 } from "./rules";

/** The spec: at most 6 characters, exactly 6 to submit, sent as a string. */
export const SmsCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code" })
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Enter the ${CODE_LENGTH}-digit code`),
});

/** "+1 (555) 010-0123" → "+15550100123"; numbers without a country code are refused. */
export const PhoneSchema = z.object({
  phoneNumber: z
    .string({ error: "Enter your mobile number" })
    .trim()
    .min(1, "Enter your mobile number")
    .max(30, "Enter at most 30 characters")
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (!e164) ctx.addIssue({ code: "custom", message: "Enter the number with its country code, such as +1 555 010 0123" });
      return e164 ?? z.NEVER;
    }),
  type: z.enum(phoneTypes, { error: "Choose the kind of phone" }).refine((type) => type === "MOBILE", MOBILE_REQUIRED),
});
