import { sql } from "kysely";
import { z } from "zod";
import type { Viewer } from "~/modules/auth/viewer";
import type { EmployeePreferences } from "~/modules/db/schema";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "~/modules/plugins/registry";
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
});

export type PrivacyField = keyof z.infer<typeof PrivacySchema>;
export type PrivacySections = Record<PrivacyField, boolean>;

/**
 * The preferences this program offers: recognition and the timeline always; Me In 3 and My Stuff
 * where the site config has them on; the birthday, the work anniversary and hiding from the feed
 * while a plugin the program has on reads them (the preferenceReaders extension point).
 */
export function privacySections(viewer: Viewer, registry: Registry): PrivacySections {
  const read = new Set(registry.extensions(viewer.tenant, preferenceReaders).flatMap((reader) => reader.value.preferences));
  const { siteConfig } = viewer.tenant;
  return {
    publicRecognition: true,
    myTimeline: true,
    meIn3: siteConfig.meIn3Enabled,
    myStuff: siteConfig.myStuffEnabled,
    birthday: read.has("birthdayRecognitionType"),
    anniversary: read.has("anniversaryRecognitionType"),
    hideFromMomentsFeed: read.has("hideFromMomentsFeed"),
  };
}

/** The form for the sections shown: the others are neither asked nor changed. */
export function privacySchema(sections: PrivacySections) {
  return PrivacySchema.pick(Object.fromEntries(Object.entries(sections).filter(([, shown]) => shown).map(([field]) => [field, true])) as Partial<Record<PrivacyField, true>>);
}

const isPublic = (value: boolean | undefined): "PUBLIC" | "PRIVATE" => (value === false ? "PRIVATE" : "PUBLIC");

/** A person's preferences as the form shows them (each at its default where none is stored). */
export function privacyValues(preferences: EmployeePreferences) {
  return {
    publicRecognition: isPublic(preferences.publicRecognitionEnabled),
    myTimeline: isPublic(preferences.myTimelineEnabled),
    meIn3: isPublic(preferences.meIn3Enabled),
    myStuff: isPublic(preferences.myStuffEnabled),
    birthday: preferences.birthdayRecognitionType ?? "CELEBRATE",
    anniversary: preferences.anniversaryRecognitionType ?? "CELEBRATE",
    hideFromMomentsFeed: preferences.hideFromMomentsFeed === true,
  };
}

export async function preferencesOf(db: ProgramDb, employeeId: number): Promise<EmployeePreferences> {
  return (await db.selectFrom("employee").select("preferences").where("id", "=", employeeId).executeTakeFirstOrThrow()).preferences;
}

/** Saves the preferences the form asked for over those stored (the others stay as they are). */
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
  await db
    .updateTable("employee")
    .set({ preferences: sql`preferences || ${JSON.stringify(defined)}::jsonb` })
    .where("id", "=", employeeId)
    .execute();
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
