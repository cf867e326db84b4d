import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Migration } from "kysely";
import type { Db } from "./database.server";
import * as coreInitial from "./migrations/2026-11-22-core-initial";
import * as corePoints from "./migrations/2026-11-23-core-points";
import * as coreDelegates from "./migrations/2026-11-23-core-delegates";
import * as corePasswordTokens from "./migrations/2026-11-23-core-password-tokens";
import * as coreTenantSettings from "./migrations/2026-11-23-core-tenant-settings";
import * as coreOneTimeKeys from "./migrations/2026-11-24-core-one-time-keys";
import * as coreVerificationCodes from "./migrations/2026-11-24-core-verification-codes";
import * as coreSessionEpoch from "./migrations/2026-11-24-core-session-epoch";
import * as coreProgramKeys from "./migrations/2026-11-25-core-program-keys";
import * as coreReadableCodes from "./migrations/2026-11-25-core-readable-codes";
import * as corePoints64 from "./migrations/2026-11-25-core-points-64-bit";
import * as coreJobSchedules from "./migrations/2026-11-26-core-job-schedules";
import * as coreAssets from "./migrations/2026-11-26-core-assets";
import * as corePeopleSearch from "./migrations/2026-11-26-core-people-search";
import * as coreNotifications from "./migrations/2026-11-26-core-notifications";
import * as corePublications from "./migrations/2026-11-26-core-publications";
import * as coreSignInTimes from "./migrations/2026-11-29-core-sign-in-times";
import * as coreAssetProgramKey from "./migrations/2026-11-30-core-asset-program-key";
import * as coreCommonAssets from "./migrations/2026-11-30-core-common-assets";
import * as coreLinkPreviews from "./migrations/2026-12-02-core-link-previews";
import * as coreVideoProcessing from "./migrations/2026-12-04-core-video-processing";
import * as coreGiversRecipients from "./migrations/2026-12-05-core-givers-recipients";

/** Core migrations, keyed by name. Names start with a date so core and plugin migrations interleave by age. */
export const coreMigrations: Record<string, Migration> = {
  "2026-11-22-core-initial": coreInitial,
  "2026-11-23-core-points": corePoints,
  "2026-11-23-core-tenant-settings": coreTenantSettings,
  "2026-11-23-core-password-tokens": corePasswordTokens,
  "2026-11-23-core-delegates": coreDelegates,
  "2026-11-24-core-one-time-keys": coreOneTimeKeys,
  "2026-11-24-core-verification-codes": coreVerificationCodes,
  "2026-11-24-core-session-epoch": coreSessionEpoch,
  "2026-11-25-core-program-keys": coreProgramKeys,
  "2026-11-25-core-readable-codes": coreReadableCodes,
  "2026-11-25-core-points-64-bit": corePoints64,
  "2026-11-26-core-job-schedules": coreJobSchedules,
  "2026-11-26-core-assets": coreAssets,
  "2026-11-26-core-people-search": corePeopleSearch,
  "2026-11-26-core-notifications": coreNotifications,
  "2026-11-26-core-publications": corePublications,
  "2026-11-29-core-sign-in-times": coreSignInTimes,
  "2026-11-30-core-asset-program-key": coreAssetProgramKey,
  "2026-11-30-core-common-assets": coreCommonAssets,
  "2026-12-02-core-link-previews": coreLinkPreviews,
  "2026-12-04-core-video-processing": coreVideoProcessing,
  "2026-12-05-core-givers-recipients": coreGiversRecipients,
};

/**
 * Migrations that ran before but are no longer installed: a plugin removed from
 * plugins/index.ts. Its tables stay (nothing is dropped without a person
 * deciding to); each is kept as an already-applied step so the migrator goes on.
 */
async function retiredMigrations(db: Db, installed: Record<string, Migration>) {
  const table = await sql<{ exists: boolean }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as exists`.execute(db);
  if (!table.rows[0]?.exists) return [];
  const ran = await db.selectFrom(DEFAULT_MIGRATION_TABLE as never).select(sql<string>`name`.as("name")).execute();
  return ran.map((row) => row.name).filter((name) => !(name in installed));
}

/** Applies what is new; returns the names applied, and those that ran once but are no longer installed. */
export async function migrateToLatest(db: Db, migrations: Record<string, Migration>) {
  const retired = await retiredMigrations(db, migrations);
  const applied = { up: async () => {} };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations, ...Object.fromEntries(retired.map((name) => [name, applied])) }) },
    // A plugin installed later may carry migrations dated before ones already run.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
  return { applied: results.filter((result) => result.status === "Success").map((result) => result.migrationName), retired };
}
