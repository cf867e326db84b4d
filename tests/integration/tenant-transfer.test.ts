import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TenantConfigError } from "~/modules/tenants/files.server";
import { clearSavedSettings, exportTenant, writeTenantFile } from "~/modules/tenants/transfer.server";
import { createTestApp, signInAs, tenantOf, type TestApp } from "../setup/test-app";

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe("tenant export and import", () => {
  let source: TestApp;
  beforeAll(async () => {
    source = await createTestApp({ population: 0 });
  });
  afterAll(() => source.close());

  it("round-trips the effective config to identical bytes on a fresh data directory", async () => {
    const { app } = source;
    const { employeeId } = await signInAs(app, "acme", "admin");
    const plugin = app.registry.plugins.find((p) => tenantOf(app, "acme").config.features[p.id]?.enabled)!.id;
    const saved = await app.tenantSettings.save(
      tenantOf(app, "acme"),
      { features: { [plugin]: { enabled: false } }, siteConfig: { contactUsText: "Call 555-0199." } },
      { employeeId, source: "settings" },
    );
    expect(saved.ok).toBe(true);

    const exported = await exportTenant(app, "acme");
    expect(JSON.parse(exported)).toMatchObject({ subdomain: "acme", features: { [plugin]: { enabled: false } }, siteConfig: { contactUsText: "Call 555-0199." } });
    const file = path.join(tmp("export-"), "acme.json");
    fs.writeFileSync(file, exported);

    const tenantsDir = tmp("import-");
    await writeTenantFile(app.registry, file, tenantsDir);
    const target = await createTestApp({ tenantsDir, population: 0 });
    try {
      expect(await clearSavedSettings(target.app, "acme")).toBe(false);
      expect(await exportTenant(target.app, "acme")).toBe(exported);
      expect(tenantOf(target.app, "acme").config.features[plugin]!.enabled).toBe(false);
    } finally {
      await target.close();
    }
  });

  it("clears settings saved in the app when a file is imported over them, with an audit entry", async () => {
    const { app } = source;
    expect(await clearSavedSettings(app, "acme")).toBe(true);
    expect(await app.tenantSettings.overridesOf(tenantOf(app, "acme").programId)).toEqual({});
    const [latest] = await app.tenantSettings.changes(tenantOf(app, "acme"), { plugins: app.registry.settingsLabels(), site: {}, notifications: {} });
    expect(latest).toMatchObject({ source: "import", by: "Tenant import" });
  });

  it("refuses a bad file with the file, JSON path and reason, and writes nothing", async () => {
    const dir = tmp("bad-");
    const file = path.join(dir, "initech.json");
    const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8"));
    const plugin = source.app.registry.plugins[0]!.id;
    fs.writeFileSync(file, JSON.stringify({ ...acme, subdomain: "initech", features: { [plugin]: { enabled: "yes" } } }));
    const tenantsDir = tmp("target-");
    await expect(writeTenantFile(source.app.registry, file, tenantsDir)).rejects.toThrow(TenantConfigError);
    await expect(writeTenantFile(source.app.registry, file, tenantsDir)).rejects.toThrow(
      `${file} at $.features.${plugin}.enabled: Invalid input: expected boolean, received string`,
    );
    expect(fs.readdirSync(tenantsDir)).toEqual([]);
  });
});
