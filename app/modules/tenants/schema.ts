import { z } from "zod";
import { defaultReminderTexts, REMINDER_TEXT_MAX } from "~/modules/notifications/reminders";
import { CATEGORY_NAME_MAX, defaultProfileCategories } from "~/modules/profile/categories";
import { isTimeZone } from "~/modules/time/zones";
import { noticeTypes } from "./notice-types";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
const assetUrl = z
  .string()
  .regex(/^(\/[\w./-]+|https:\/\/[^\s]+)$/, "must be a site path starting with / or an https:// URL");

export const siteNoticeSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be 1-40 characters of a-z, 0-9 and -"),
  type: z.enum(noticeTypes),
  message: z.string().min(1).max(500),
  closeable: z.boolean().default(true),
});

/**
 * The spec's site-config flags (platform section 3) that belong to the core, with
 * the defaults of a plain program. A feature's own flag is its plugin's
 * `features.<id>.enabled` and options (decision 020).
 */
/** The program guide's most characters (programInfoText, Markdown). */
export const PROGRAM_GUIDE_MAX = 2_000;

export const siteConfigSchema = z.strictObject({
  twoFactorEnabled: z.boolean().default(false),
  /** The spec's settings guard: people choose how notifications reach them (/settings/notifications). */
  notificationsEnabled: z.boolean().default(true),
  employeePreferencesEnabled: z.boolean().default(true),
  programInfoText: z.string().max(PROGRAM_GUIDE_MAX).default(""),
  privacySettings: z.boolean().default(false),
  myRecognitionStoryEnabled: z.boolean().default(false),
  meIn3Enabled: z.boolean().default(false),
  myStuffEnabled: z.boolean().default(false),
  allowOutlookPlugin: z.boolean().default(false),
  highContrastEnabled: z.boolean().default(false),
  locationId: z.number().int().positive().optional(),
  cityStateEnabled: z.boolean().default(false),
  contactUsImageAsset: assetUrl.optional(),
  contactUsText: z.string().max(1000).default(""),
  contactUsHeadlineText: z.string().max(120).default("Contact Us"),
  contactUsCardOnHomepage: z.boolean().default(false),
  /** Where help requests from /help go (empty: the page offers no form). */
  supportEmail: z.union([z.literal(""), z.email("must be an e-mail address such as help@example.com").max(254)]).default(""),
  redeemCodeImageAsset: assetUrl.optional(),
  welcomeImageAsset: assetUrl.optional(),
  welcomeHeadlineText: z.string().max(120).default(""),
  welcomeText: z.string().max(2000).default(""),
  welcomePostPinned: z.boolean().default(false),
  welcomePostExpirationSet: z.boolean().default(false),
  welcomePostExpirationDays: z.number().int().min(1).max(365).default(30),
});

const attributeName = z.string().min(1).max(200);

/**
 * A program's SAML identity provider: its metadata (inline, or a file beside
 * the tenant files), and how an assertion names an employee.
 */
export const samlSchema = z
  .strictObject({
    idpMetadataXml: z.string().min(1).optional(),
    /** Relative to the tenants directory, e.g. "acme-idp.xml". */
    idpMetadataFile: z
      .string()
      .regex(/^[\w-][\w./-]*\.xml$/, "must be a relative path to an .xml file")
      .refine((file) => !file.split("/").includes(".."), "must stay inside the tenants directory")
      .optional(),
    /** Where the employee's identifier comes from: the NameID, or the attribute of this name. */
    identifier: z.union([z.literal("NameID"), attributeName]).default("NameID"),
    /** Which employee field the identifier is compared with. */
    matchOn: z.enum(["email", "loginId"]).default("email"),
    /** Create an employee on first sign-in when none matches; otherwise unknown users are refused. */
    justInTime: z.boolean().default(false),
    /** Attribute names read when creating an employee just in time. */
    attributes: z
      .strictObject({
        email: attributeName.optional(),
        firstName: attributeName.optional(),
        lastName: attributeName.optional(),
        jobTitle: attributeName.optional(),
      })
      .prefault({}),
  })
  .refine((saml) => (saml.idpMetadataXml === undefined) !== (saml.idpMetadataFile === undefined), {
    message: "needs exactly one of idpMetadataXml and idpMetadataFile",
  });

export type SamlConfig = z.infer<typeof samlSchema>;

const reminderText = z.string().trim().min(1).max(REMINDER_TEXT_MAX);

/**
 * The spec's login and refill reminders (the LOGIN_REMINDER and
 * REFILL_REMINDER notification types), sent at 9:00 in the program's time
 * zone by the channels each person chose. Their texts may name {program},
 * {days} (the login reminder's wait) and {points} (points to give).
 */
export const remindersSchema = z.strictObject({
  login: z
    .strictObject({
      enabled: z.boolean().default(false),
      /** Days without signing in before the reminder, and between two reminders. */
      afterDays: z.number().int().min(1).max(365).default(30),
      text: reminderText.default(defaultReminderTexts.login),
    })
    .prefault({}),
  refill: z
    .strictObject({
      enabled: z.boolean().default(false),
      /** The day of each month on which people with points to give are reminded to give them. */
      dayOfMonth: z.number().int().min(1).max(28).default(25),
      text: reminderText.default(defaultReminderTexts.refill),
    })
    .prefault({}),
  /** Approvers are reminded of the requests that have waited this many days for them, and again as often. */
  approvals: z
    .strictObject({
      enabled: z.boolean().default(true),
      afterDays: z.number().int().min(1).max(90).default(3),
    })
    .prefault({}),
});

const categoryId = z.string().regex(/^[a-z0-9-]{1,40}$/, "must be 1-40 characters of a-z, 0-9 and -");
const profileCategory = z.strictObject({ id: categoryId, name: z.string().trim().min(1).max(CATEGORY_NAME_MAX), enabled: z.boolean().default(true) });

/** Ids are unique within a list (a category's or an item's id is what people's choices keep). */
function uniqueIds<T extends { id: string }>(list: z.ZodType<T[]>, what: string) {
  return list.refine((entries) => new Set(entries.map((entry) => entry.id)).size === entries.length, `each ${what} needs its own id`);
}

/** The program's Me In 3 and My Stuff categories (modules/profile/categories.ts). */
export const profileCategoriesSchema = z.strictObject({
  meIn3: uniqueIds(z.array(profileCategory).max(30), "category").default(defaultProfileCategories.meIn3),
  myStuff: uniqueIds(z.array(profileCategory.extend({ items: uniqueIds(z.array(profileCategory).max(50), "item").default([]) })).max(30), "category").default(defaultProfileCategories.myStuff),
});

export const coreTenantShape = {
  $schema: z.string().optional(),
  subdomain: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, "must be a subdomain: a-z, 0-9 and inner dashes, at most 40"),
  name: z.string().min(1).max(100),
  program: z
    .strictObject({
      ssoType: z.enum(["NONE", "SAML"]).default("NONE"),
      ssoReady: z.boolean().default(false),
      pointsAccountingEnabled: z.boolean().default(true),
      /** IANA zone: where the program's days begin and end (expiry dates, schedules), and how times read without JavaScript. */
      timeZone: z.string().refine(isTimeZone, "must be an IANA time zone such as America/New_York").default("UTC"),
    })
    .prefault({}),
  sso: z.strictObject({ saml: samlSchema.optional() }).prefault({}),
  branding: z.strictObject({
    logoUrl: assetUrl,
    logoAlt: z.string().min(1).max(120),
    colors: z.strictObject({
      primary: hexColor,
      primaryForeground: hexColor,
      header: hexColor,
      headerForeground: hexColor,
      accent: hexColor,
    }),
  }),
  points: z.strictObject({
    pointValue: z.number().positive("must be above 0").max(1000),
    currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD"),
  }),
  siteConfig: siteConfigSchema.prefault({}),
  /** The spec's notification config: which channels beyond in-app and e-mail the program offers, and its reminders. */
  notifications: z
    .strictObject({
      smsEnabled: z.boolean().default(false),
      pushEnabled: z.boolean().default(false),
      reminders: remindersSchema.prefault({}),
    })
    .prefault({}),
  notices: z.array(siteNoticeSchema).max(5).default([]),
  profileCategories: profileCategoriesSchema.prefault({}),
};

export type SiteNotice = z.infer<typeof siteNoticeSchema>;
