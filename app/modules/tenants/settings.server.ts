import type { z } from "zod";
import type { ChannelListener } from "~/modules/db/channel-listener.server";
import type { DatabaseHandle } from "~/modules/db/database.server";
import type { Logger } from "~/modules/logger.server";
import { jsonPath } from "./files.server";
import { applyOverrides, tenantOverridesSchema, type TenantOverrides } from "./overrides";
import { describeSettingsChange, type SettingsLabels } from "./settings-history";
import type { Tenant, TenantConfig } from "./tenant";

type TenantSchema = z.ZodType<TenantConfig, unknown>;

export interface SettingsProblem {
  path: string;
  message: string;
}

export type SaveResult = { ok: true; config: TenantConfig } | { ok: false; problems: SettingsProblem[] };

/** The channel a save notifies, with the program's id, when it commits (PostgreSQL). */
const SETTINGS_CHANNEL = "tenant_settings";

/**
 * The effective tenant of each request: the tenant file plus what program
 * managers saved, validated once per saved version and kept per program (one
 * entry per tenant file). On the embedded database this process is the only one
 * that can write, so what it saved last is known without asking. On PostgreSQL,
 * where other processes save too, every save notifies a channel as it commits and
 * each process listens (decision 073): a program's kept settings are dropped when
 * its notification arrives, and read again by the next request. While the
 * listening connection is down, each request reads the saved version instead.
 */
export class TenantSettings {
  private readonly cache = new Map<number, { version: number; tenant: Tenant }>();
  /** Saves this process finished and changes it heard of, so a read that overlapped one is not kept. */
  private generation = 0;
  private listener: ChannelListener | null = null;

  /** Truly private (#): requests hold this service, and must not reach every program's rows through it. */
  readonly #database: DatabaseHandle;

  constructor(
    database: DatabaseHandle,
    private readonly schema: TenantSchema,
    private readonly log: Logger,
  ) {
    this.#database = database;
  }

  async effective(file: Tenant): Promise<Tenant> {
    const cached = this.cache.get(file.programId);
    if (cached && (this.#database.soleWriter || this.hearsEveryChange())) return cached.tenant;
    const generationBefore = this.generation;
    const row = await this.#database.forProgram(file.programId).selectFrom("tenant_settings").select(["version", "overrides"]).executeTakeFirst();
    const version = row?.version ?? 0;
    if (cached?.version === version) return cached.tenant;

    const tenant = row ? this.withOverrides(file, row.overrides) : file;
    // A save that finished while this read was under way may have made it stale: use it, but do not keep it.
    if (this.generation === generationBefore) this.cache.set(file.programId, { version, tenant });
    return tenant;
  }

  /** Listens for other processes' saves from the first request on; true while that listening is live. */
  private hearsEveryChange() {
    this.listener ??= this.#database.listen(SETTINGS_CHANNEL, {
      message: (payload) => this.forget(Number(payload)),
      reset: () => {
        this.generation += 1;
        this.cache.clear();
      },
    });
    return this.listener?.live === true;
  }

  private forget(programId: number) {
    this.generation += 1;
    this.cache.delete(programId);
  }

  private withOverrides(file: Tenant, overrides: unknown): Tenant {
    const merged = this.merge(file.config, overrides);
    if (merged.ok) return { programId: file.programId, config: merged.config };
    // A file changed after the overrides were saved can make them invalid: serve the file, say why.
    this.log.error({ event: "tenant_overrides_invalid", tenant: file.config.subdomain, problems: merged.problems }, "saved settings no longer apply");
    return file;
  }

  async overridesOf(programId: number): Promise<TenantOverrides> {
    const row = await this.#database.forProgram(programId).selectFrom("tenant_settings").select("overrides").executeTakeFirst();
    return row ? tenantOverridesSchema.parse(row.overrides) : {};
  }

  merge(file: TenantConfig, overrides: unknown): SaveResult {
    const parsedOverrides = tenantOverridesSchema.safeParse(overrides);
    if (!parsedOverrides.success) {
      return { ok: false, problems: parsedOverrides.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })) };
    }
    const result = this.schema.safeParse(applyOverrides(file, parsedOverrides.data));
    if (!result.success) {
      return { ok: false, problems: result.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })) };
    }
    return { ok: true, config: result.data };
  }

  /**
   * Validates and stores new overrides with an audit entry (who, when, before,
   * after) in one transaction; an invalid change stores nothing.
   */
  async save(file: Tenant, next: TenantOverrides, change: { employeeId: number | null; source: "settings" | "import" }): Promise<SaveResult> {
    // Nothing here refuses: what stops a save is the tenant schema's problems.
    return (await this.update<never>(file, () => ({ ok: true, next }), change)) as SaveResult;
  }

  /**
   * Saves what `edit` makes of the overrides as they are when it runs: read and written in one
   * transaction with the program's settings row locked, so two program managers saving parts
   * of one list at once keep both their changes. `edit` sees the effective config too, and may
   * refuse (its refusal is returned, nothing stored).
   */
  async update<Refusal>(
    file: Tenant,
    edit: (current: TenantOverrides, effective: TenantConfig) => { ok: true; next: TenantOverrides } | { ok: false; refusal: Refusal },
    change: { employeeId: number | null; source: "settings" | "import" },
  ): Promise<SaveResult | { ok: false; refusal: Refusal }> {
    const db = this.#database.forProgram(file.programId);
    const result = await db.transaction(async (tx) => {
      // The row exists before it is locked, so a program's first two saves at once also wait for each other.
      await tx
        .insertInto("tenant_settings", { overrides: "{}", version: 0, updated_by: null })
        .onConflict((conflict) => conflict.column("program_id").doNothing())
        .execute();
      const current = await tx.selectFrom("tenant_settings").select(["overrides", "version"]).forUpdate().executeTakeFirstOrThrow();
      const before = tenantOverridesSchema.catch({}).parse(current.overrides);
      const effective = this.merge(file.config, before);
      const edited = edit(before, effective.ok ? effective.config : file.config);
      if (!edited.ok) return edited;
      const merged = this.merge(file.config, edited.next);
      if (!merged.ok) return merged;
      await tx.updateTable("tenant_settings").set({ overrides: JSON.stringify(edited.next), version: current.version + 1, updated_at: new Date(), updated_by: change.employeeId }).execute();
      await tx
        .insertInto("tenant_settings_change", {
          employee_id: change.employeeId,
          source: change.source,
          before: JSON.stringify(current.overrides),
          after: JSON.stringify(edited.next),
        })
        .execute();
      // Delivered to every listening process when (and only if) this transaction commits.
      await tx.notify(SETTINGS_CHANNEL);
      return merged;
    });
    if (result.ok) this.forget(file.programId);
    return result;
  }

  /**
   * The latest changes, newest first, each as the settings whose effective
   * value it changed (on today's tenant file), by their labels.
   */
  async changes(file: Tenant, labels: SettingsLabels, limit = 20) {
    const rows = await this.#database
      .forProgram(file.programId)
      .selectFrom("tenant_settings_change")
      .leftJoin("employee", "employee.id", "tenant_settings_change.employee_id")
      .select([
        "tenant_settings_change.id",
        "tenant_settings_change.source",
        "tenant_settings_change.before",
        "tenant_settings_change.after",
        "tenant_settings_change.changed_at",
        "employee.display_name",
      ])
      .orderBy("tenant_settings_change.id", "desc")
      .limit(limit)
      .execute();
    const effective = (overrides: unknown) => applyOverrides(file.config, tenantOverridesSchema.catch({}).parse(overrides));
    return rows.map((row) => ({
      id: row.id,
      source: row.source,
      by: row.display_name ?? (row.source === "import" ? "Tenant import" : "Unknown"),
      at: row.changed_at.toISOString(),
      changes: describeSettingsChange(effective(row.before), effective(row.after), labels),
    }));
  }
}
