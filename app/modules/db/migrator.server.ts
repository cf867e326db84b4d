import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration } from "kysely";
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
import * as corePeopleAdmin from "./migrations/2026-12-07-core-people-admin";
import * as corePeopleImport from "./migrations/2026-12-08-core-people-import";
import * as coreConfigData from "./migrations/2026-12-09-core-config-data";
import * as coreAddresses from "./migrations/2026-12-11-core-addresses";
import * as coreNotificationImage from "./migrations/2026-12-16-core-notification-image";
import * as corePointsRequests from "./migrations/2026-12-17-core-points-requests";
import * as coreMeIn3MyStuff from "./migrations/2026-12-18-core-me-in-3-my-stuff";
import * as coreProgramDocuments from "./migrations/2026-12-19-core-program-documents";
import * as coreDepartment from "./migrations/2026-12-20-core-department";
import * as coreViewerVersion from "./migrations/2026-12-24-core-viewer-version";
import * as corePointsAccountOwner from "./migrations/2026-12-25-core-points-account-owner";
import * as corePeopleLookups from "./migrations/2026-12-26-core-people-lookups";
import * as coreVersionsMovedInOrder from "./migrations/2026-12-29-core-versions-moved-in-order";
import * as coreBalancesMoveTheViewer from "./migrations/2026-12-30-core-balances-move-the-viewer";
import * as corePointsRequestsMoveTheViewer from "./migrations/2027-01-01-core-points-requests-move-the-viewer";
import * as coreProfilesMoveTheViewer from "./migrations/2027-01-02-core-profiles-move-the-viewer";
import * as coreOwnVersions from "./migrations/2027-01-05-core-own-versions";

/** Core migrations, keyed by name. Names start with a date so core and plugin migrations interleave by age. */
const coreMigrations: Record<string, Migration> = {
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
  "2026-12-07-core-people-admin": corePeopleAdmin,
  "2026-12-08-core-people-import": corePeopleImport,
  "2026-12-09-core-config-data": coreConfigData,
  "2026-12-11-core-addresses": coreAddresses,
  "2026-12-16-core-notification-image": coreNotificationImage,
  "2026-12-17-core-points-requests": corePointsRequests,
  "2026-12-18-core-me-in-3-my-stuff": coreMeIn3MyStuff,
  "2026-12-19-core-program-documents": coreProgramDocuments,
  "2026-12-20-core-department": coreDepartment,
  "2026-12-24-core-viewer-version": coreViewerVersion,
  "2026-12-25-core-points-account-owner": corePointsAccountOwner,
  "2026-12-26-core-people-lookups": corePeopleLookups,
  "2026-12-29-core-versions-moved-in-order": coreVersionsMovedInOrder,
  "2026-12-30-core-balances-move-the-viewer": coreBalancesMoveTheViewer,
  "2027-01-01-core-points-requests-move-the-viewer": corePointsRequestsMoveTheViewer,
  "2027-01-02-core-profiles-move-the-viewer": coreProfilesMoveTheViewer,
  "2027-01-05-core-own-versions": coreOwnVersions,
};

/** The names of the migrations the database has run; none before its first. */
async function ranMigrations(db: Db) {
  const table = await sql<{ exists: boolean }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as exists`.execute(db);
  if (!table.rows[0]?.exists) return new Set<string>();
  const ran = await db.selectFrom(DEFAULT_MIGRATION_TABLE as never).select(sql<string>`name`.as("name")).execute();
  return new Set(ran.map((row) => row.name));
}

/** One installed plugin's migrations, and the tables it declares as holding no program's rows. */
export interface PluginMigrations {
  plugin: string;
  migrations: Record<string, Migration>;
  globalTables: readonly string[];
}

/** Each table of the current schema, and whether it has a program_id column. */
async function catalogue(db: Kysely<any>) {
  const { rows } = await sql<{ table: string; owned: boolean }>`
    select table_name as "table", bool_or(column_name = 'program_id') as owned
    from information_schema.columns where table_schema = current_schema() group by table_name`.execute(db);
  return new Map(rows.map((row) => [row.table, row.owned]));
}

/**
 * A plugin's migration, checked: the tables it creates (the catalogue before
 * and after it, in its transaction) must carry program_id, so the program
 * scope filters them, unless the plugin declares them global. Otherwise the
 * migration fails and start-up stops, having changed nothing.
 */
function keptToPrograms({ plugin, globalTables }: PluginMigrations, name: string, migration: Migration): Migration {
  return {
    ...migration,
    async up(db) {
      const before = await catalogue(db);
      await migration.up(db);
      const created = [...(await catalogue(db))].filter(([table, owned]) => !before.has(table) && !owned && !globalTables.includes(table));
      if (created.length > 0) {
        const tables = created.map(([table]) => table).join(", ");
        throw new Error(
          `Plugin ${plugin}'s migration ${name} creates ${tables} without a program_id column: every program's rows carry one, or the plugin declares the table in globalTables (rows no program owns, read-only to programs)`,
        );
      }
    },
  };
}

/**
 * Applies what is new of the core's and the plugins' migrations; returns the
 * names applied, and those that ran once but are no longer installed.
 */
export async function migrateToLatest(db: Db, plugins: readonly PluginMigrations[]) {
  const migrations: Record<string, Migration> = { ...coreMigrations };
  for (const part of plugins) {
    for (const [name, migration] of Object.entries(part.migrations)) migrations[name] = keptToPrograms(part, name, migration);
  }
  const ran = await ranMigrations(db);
  // Migrations that ran before but are no longer installed: a plugin removed from plugins/index.ts. Its tables stay
  // (nothing is dropped without a person deciding to); each is kept as an already-applied step so the migrator goes on.
  const retired = [...ran].filter((name) => !(name in migrations));
  // Nothing new, as at most starts: the migrator would still read the whole catalogue, twice, to find its own tables
  // (a sixth of a second on the embedded database, decision 104). A migration another process is applying is not
  // recorded until it commits, so a start beside it takes the migrator's lock and waits, as before.
  if (Object.keys(migrations).every((name) => ran.has(name))) return { applied: [], retired };
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
