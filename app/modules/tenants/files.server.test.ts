import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serverRegistry as registry } from "~/modules/plugins/installed.server";
import { loadTenantFiles, TenantConfigError } from "./files.server";
import { TenantDirectory } from "./directory.server";
import type { Tenant } from "./tenant";

const schema = registry.tenantSchema;
let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "tenants-"));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function writeTenant(name: string, content: unknown) {
  await fs.writeFile(path.join(dir, `${name}.json`), typeof content === "string" ? content : JSON.stringify(content));
}

async function problemsOf(): Promise<string[]> {
  try {
    await loadTenantFiles(dir, schema);
    return [];
  } catch (error) {
    if (!(error instanceof TenantConfigError)) throw error;
    return error.problems.map((p) => `${path.basename(p.file)} ${p.path}: ${p.message}`);
  }
}

const acme = JSON.parse(await fs.readFile("tenants/acme.json", "utf8"));

describe("tenant files", () => {
  it("accepts the demo tenants and fills defaults", async () => {
    const configs = await loadTenantFiles("tenants", schema);
    expect(configs.map((c) => c.subdomain)).toEqual(["acme", "globex"]);
    const globex = configs[1];
    expect(globex.points).toEqual({ pointValue: 0.005, currency: "EUR" });
    expect(globex.siteConfig.twoFactorEnabled).toBe(true);
    expect(globex.siteConfig.contactUsHeadlineText).toBe("Contact Us");
    // Every installed plugin has its entry, on or off (a plugin's option defaults are the plugin contract test's).
    for (const plugin of registry.plugins) expect(globex.features[plugin.id], plugin.id).toMatchObject({ enabled: expect.any(Boolean) });
  });

  it("reports malformed JSON with the file", async () => {
    await writeTenant("acme", "{ not json");
    const [problem] = await problemsOf();
    expect(problem).toMatch(/^acme\.json \$: is not valid JSON: /);
  });

  it("reports each bad value with its JSON path and reason, for every file at once", async () => {
    await writeTenant("acme", { ...acme, branding: { ...acme.branding, colors: { ...acme.branding.colors, primary: "orange" } } });
    await writeTenant("globex", { ...acme, subdomain: "globex", notices: [{ id: "x", type: "shout", message: "hi" }] });
    expect(await problemsOf()).toEqual([
      "acme.json $.branding.colors.primary: must be a colour like #1a2b3c",
      'globex.json $.notices[0].type: Invalid option: expected one of "error"|"warning"|"success"|"info"',
    ]);
  });

  it("refuses unknown keys, so a typo never passes silently", async () => {
    await writeTenant("acme", { ...acme, siteConfig: { ...acme.siteConfig, twoFactorEnabeld: true } });
    expect(await problemsOf()).toEqual(['acme.json $.siteConfig: Unrecognized key: "twoFactorEnabeld"']);
  });

  it("requires the subdomain to match the file name", async () => {
    await writeTenant("acme", { ...acme, subdomain: "other" });
    expect(await problemsOf()).toEqual(['acme.json $.subdomain: must equal the file name "acme"']);
  });

  it("refuses an empty directory", async () => {
    expect(await problemsOf()).toEqual([expect.stringContaining("holds no tenant file")]);
  });
});

describe("TenantDirectory", () => {
  const tenant = (subdomain: string, programId: number) => [subdomain, { programId, config: { ...acme, subdomain } } as Tenant] as const;
  const tenants = new Map([tenant("acme", 1), tenant("globex", 2)]);

  it("resolves a subdomain, and never falls back for an unknown one", () => {
    const directory = new TenantDirectory(tenants, "acme");
    expect(directory.resolve("globex.localhost:3000")?.programId).toBe(2);
    expect(directory.resolve("localhost:3000")?.programId).toBe(1);
    expect(directory.resolve("initech.localhost:3000")).toBeNull();
  });

  it("has no default with several tenants unless DEFAULT_TENANT names one", () => {
    expect(new TenantDirectory(tenants).resolve("localhost")).toBeNull();
    expect(new TenantDirectory(new Map([tenant("acme", 1)])).resolve("localhost")?.programId).toBe(1);
    expect(() => new TenantDirectory(tenants, "initech")).toThrow('DEFAULT_TENANT "initech" has no file');
  });
});
