import { createHash } from "node:crypto";
import type { DatabaseHandle } from "~/modules/db/database.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "~/modules/plugins/registry";
import type { Tenant } from "./tenant";

const digestOf = (data: unknown) => createHash("sha256").update(JSON.stringify(data)).digest("hex");

/** The program's configuration data of each installed plugin that keeps some, by plugin id; undefined when none does. */
export async function readConfigData(registry: Registry, db: ProgramDb) {
  const keepers = registry.configDataKeepers();
  if (keepers.length === 0) return undefined;
  return Object.fromEntries(await Promise.all(keepers.map(async ({ pluginId, configData }) => [pluginId, await configData.read(db)] as const)));
}

/**
 * Applies the configuration data each tenant file carries, plugin by plugin, where the file's copy
 * differs from the one the program applied last (so a restart with an unchanged file keeps what
 * program managers edited since). One transaction per program; returns what it applied.
 */
export async function applyConfigData(database: DatabaseHandle, tenants: readonly Tenant[], registry: Registry) {
  const applied: { subdomain: string; pluginId: string }[] = [];
  for (const { programId, config } of tenants) {
    if (!config.data) continue;
    await database.forProgram(programId).transaction(async (tx) => {
      for (const [pluginId, data] of Object.entries(config.data!)) {
        const digest = digestOf(data);
        const last = await tx.selectFrom("config_data_applied").select("digest").where("plugin_id", "=", pluginId).executeTakeFirst();
        if (last?.digest === digest) continue;
        await registry.configDataOf(pluginId)!.replace(tx, data);
        await tx
          .insertInto("config_data_applied", { plugin_id: pluginId, digest })
          .onConflict((c) => c.columns(["program_id", "plugin_id"]).doUpdateSet({ digest, applied_at: new Date() }))
          .execute();
        applied.push({ subdomain: config.subdomain, pluginId });
      }
    });
  }
  return applied;
}
