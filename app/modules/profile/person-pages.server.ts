import { versionedCache, type KeptAccess } from "~/modules/db/versioned-cache.server";
import { loadProfile } from "~/modules/people/profile.server";
import { wallPage } from "~/modules/publications/publish.server";
import type { ProfileCategories } from "./categories";
import { meIn3Pictures, meIn3Rows } from "./me-in-3.server";
import { myStuffGroups, myStuffRows } from "./my-stuff.server";

/**
 * What a person's profile and recognition story read, kept per process with the signed-in people's
 * rows (decision 111): the viewer's version watches the person's row, their groups, their wall, their
 * Me In 3 and My Stuff, and (through the balances) the ledger. What a program's settings decide (the
 * categories shown) is applied at each read, so a kept read never outlives them.
 */
export const keptForPersonPages = versionedCache({ limit: 20_000, changeVersion: "viewer" });

/** The person, their manager and their groups, as `loadProfile` reads them. */
export function keptProfile(access: KeptAccess, personId: number) {
  return keptForPersonPages(access, JSON.stringify(["profile", personId]), () => loadProfile(access.db, personId));
}

/** A page of the person's wall, as `wallPage` reads it. */
export function keptWallPage(access: KeptAccess, personId: number, types: readonly string[], options: { only?: string; before?: number }) {
  const key = JSON.stringify(["wall", personId, types, options.only ?? null, options.before ?? null]);
  return keptForPersonPages(access, key, () => wallPage(access.db, personId, types, options));
}

/** The person's Me In 3 pictures of the categories the program shows. */
export async function keptMeIn3(access: KeptAccess, personId: number, categories: ProfileCategories) {
  return meIn3Pictures(await keptForPersonPages(access, JSON.stringify(["me-in-3", personId]), () => meIn3Rows(access.db, personId)), categories);
}

/** The person's favourite things the program shows, by category. */
export async function keptMyStuff(access: KeptAccess, personId: number, categories: ProfileCategories) {
  return myStuffGroups(await keptForPersonPages(access, JSON.stringify(["my-stuff", personId]), () => myStuffRows(access.db, personId)), categories);
}
