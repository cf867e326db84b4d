import { z } from "zod";
import { CODE_LENGTH, MOBILE_REQUIRED, phoneTypes } from "./rules";

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
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, "Enter the number with its country code, such as +1 555 010 0123")),
  type: z.enum(phoneTypes, { error: "Choose the kind of phone" }).refine((type) => type === "MOBILE", MOBILE_REQUIRED),
});
