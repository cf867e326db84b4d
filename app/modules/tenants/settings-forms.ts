import { z } from "zod";
import { MAX_POINTS_AMOUNT, wholeNumber } from "~/modules/forms/fields";
import { siteConfigSchema, noticeTypes } from "./schema";
import { editableSiteValues } from "./overrides";

/** The texts form: the same field rules as the tenant file's siteConfig (the form also carries its intent). */
export const SiteTextsSchema = z.object(
  Object.fromEntries(editableSiteValues.map((key) => [key, siteConfigSchema.shape[key]])) as {
    [K in (typeof editableSiteValues)[number]]: (typeof siteConfigSchema.shape)[K];
  },
);

export const AddNoticeSchema = z.object({
  type: z.enum(noticeTypes, { error: "Choose a notice type" }),
  message: z.string({ error: "Enter the notice text" }).trim().min(1, "Enter the notice text").max(500, "A notice has at most 500 characters"),
  closeable: z.boolean().optional(),
});

export const flagLabels: Record<string, string> = {
  twoFactorEnabled: "Two-factor verification by SMS",
  employeePreferencesEnabled: "Employee preferences",
  privacySettings: "Privacy settings",
  myRecognitionStoryEnabled: "My Recognition Story",
  meIn3Enabled: "Me In 3",
  myStuffEnabled: "My Stuff",
  allowOutlookPlugin: "Outlook plugin",
  highContrastEnabled: "High-contrast mode",
  cityStateEnabled: "City and state on addresses",
  contactUsCardOnHomepage: "Contact-us card on the home page",
  welcomePostPinned: "Pin the welcome post",
  welcomePostExpirationSet: "Welcome post expires",
};

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
