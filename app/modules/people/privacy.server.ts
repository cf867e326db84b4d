import { sql } from "kysely";
import { z } from "zod";
import type { Viewer } from "~/modules/auth/viewer";
import type { EmployeePreferences } from "~/modules/db/schema";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { offeredChannels } from "~/modules/notifications/preferences.server";
import type { AppServices } from "~/modules/services.server";
import { preferenceReaders } from "~/modules/shell/extension-points";

const visibility = z.enum(["PUBLIC", "PRIVATE"], { error: "Choose who sees it." });

/** Every field of the privacy form; a program shows those it uses (privacySections). */
export const PrivacySchema = z.object({
  publicRecognition: z.enum(["PUBLIC", "PRIVATE"], { error: "Choose public or private recognition." }),
  myTimeline: visibility,
  meIn3: visibility,
  myStuff: visibility,
  birthday: z.enum(["CELEBRATE", "MUTE", "HIDE"], { error: "Choose how your birthday is recognised." }),
  anniversary: z.enum(["CELEBRATE", "MUTE"], { error: "Choose how your work anniversary is recognised." }),
  hideFromMomentsFeed: z.boolean().default(false),
  /** The spec's editSubscription: consent to notifications sent through browsers' push services (pushNotificationDataConsent). */
  pushConsent: z.boolean().default(false),
});

export type PrivacyField = keyof z.infer<typeof PrivacySchema>;
export type PrivacySections = Record<PrivacyField, boolean>;

/**
 * The preferences this program offers: recognition and the timeline always; Me In 3 and My Stuff
 * where the site config has them on; the birthday, the work anniversary and hiding from the feed
 * while a plugin the program has on reads them (the preferenceReaders extension point); the consent
 * to push where the program sends push notifications.
 */
export function privacySections(viewer: Viewer, app: Pick<AppServices, "registry" | "env">): PrivacySections {
  const read = new Set(app.registry.extensions(viewer.tenant, preferenceReaders).flatMap((reader) => reader.value.preferences));
  const { siteConfig } = viewer.tenant;
  return {
    publicRecognition: true,
    myTimeline: true,
    meIn3: siteConfig.meIn3Enabled,
    myStuff: siteConfig.myStuffEnabled,
    birthday: read.has("birthdayRecognitionType"),
    anniversary: read.has("anniversaryRecognitionType"),
    hideFromMomentsFeed: read.has("hideFromMomentsFeed"),
    pushConsent: offeredChannels(viewer.tenant, app.env).includes("PUSH"),
  };
}

/** The form for the sections shown: the others are neither asked nor changed. */
export function privacySchema(sections: PrivacySections) {
  return PrivacySchema.pick(Object.fromEntries(Object.entries(sections).filter(([, shown]) => shown).map(([field]) => [field, true])) as Partial<Record<PrivacyField, true>>);
}

const isPublic = (value: boolean | undefined): "PUBLIC" | "PRIVATE" => (value === false ? "PRIVATE" : "PUBLIC");

/** A person's preferences as the form shows them (each at its default where none is stored), and their consent to push. */
export function privacyValues(preferences: EmployeePreferences, pushConsent: boolean) {
  return {
    publicRecognition: isPublic(preferences.publicRecognitionEnabled),
    myTimeline: isPublic(preferences.myTimelineEnabled),
    meIn3: isPublic(preferences.meIn3Enabled),
    myStuff: isPublic(preferences.myStuffEnabled),
    birthday: preferences.birthdayRecognitionType ?? "CELEBRATE",
    anniversary: preferences.anniversaryRecognitionType ?? "CELEBRATE",
    hideFromMomentsFeed: preferences.hideFromMomentsFeed === true,
    pushConsent,
  };
}

/** A person's privacy as stored, as the form shows it. */
export async function storedPrivacy(db: ProgramDb, employeeId: number) {
  const row = await db.selectFrom("employee").select(["preferences", "permissions"]).where("id", "=", employeeId).executeTakeFirstOrThrow();
  return privacyValues(row.preferences, row.permissions.pushNotificationDataConsent === true);
}

/**
 * Saves the preferences the form asked for over those stored (the others stay as they are), in
 * one transaction with the consent to push: withdrawn, every browser it was given for stops
 * receiving (their subscriptions are deleted).
 */
export async function savePrivacy(db: ProgramDb, employeeId: number, value: Partial<z.infer<typeof PrivacySchema>>) {
  const said = (public_: "PUBLIC" | "PRIVATE" | undefined) => (public_ === undefined ? undefined : public_ === "PUBLIC");
  const patch: EmployeePreferences = {
    publicRecognitionEnabled: said(value.publicRecognition),
    myTimelineEnabled: said(value.myTimeline),
    meIn3Enabled: said(value.meIn3),
    myStuffEnabled: said(value.myStuff),
    birthdayRecognitionType: value.birthday,
    anniversaryRecognitionType: value.anniversary,
    hideFromMomentsFeed: value.hideFromMomentsFeed,
  };
  const defined = Object.fromEntries(Object.entries(patch).filter(([, entry]) => entry !== undefined));
  const consent = value.pushConsent === undefined ? {} : { permissions: sql<string>`permissions || ${JSON.stringify({ pushNotificationDataConsent: value.pushConsent })}::jsonb` };
  await db.transaction(async (tx) => {
    await tx
      .updateTable("employee")
      .set({ preferences: sql`preferences || ${JSON.stringify(defined)}::jsonb`, ...consent })
      .where("id", "=", employeeId)
      .execute();
    if (value.pushConsent === false) await tx.deleteFrom("push_subscription").where("employee_id", "=", employeeId).execute();
  });
}

/** Why a person's own settings are read-only while acting on behalf of them (null when not acting for anyone). */
export function onlyTheyChange(viewer: Viewer, what: string) {
  return viewer.delegation ? `You are acting on behalf of ${viewer.employee.displayName}. Only they can change their ${what}.` : null;
}

/** Turns high contrast on or off for a person (a preference of how pages look). */
export async function saveHighContrast(db: ProgramDb, employeeId: number, on: boolean) {
  await db
    .updateTable("employee")
    .set({ preferences: sql`preferences || ${JSON.stringify({ highContrast: on })}::jsonb` })
    .where("id", "=", employeeId)
    .execute();
}

/**
 * Whether `viewerId` sees a section of a person's profile that one of their preferences guards:
 * everyone while it is Public (or unset); only the person and their manager (the employee whose
 * id is their parentEmployeeId) when it is 'Only Me and My Manager'.
 */
export function seesSection(viewerId: number, person: { id: number; parentEmployeeId: number | null; preferences: EmployeePreferences }, preference: "myTimelineEnabled" | "meIn3Enabled" | "myStuffEnabled") {
  return person.preferences[preference] !== false || viewerId === person.id || viewerId === person.parentEmployeeId;
}
