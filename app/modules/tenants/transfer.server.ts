import fs from "node:fs/promises";
import path from "node:path";
import type { RunningApp } from "~/modules/app.server";
import type { AppServices } from "~/modules/services.server";
import { readIdpMetadata } from "~/modules/auth/saml/single-sign-on.server";
import type { Registry } from "~/modules/plugins/registry";
import { readConfigData } from "./config-data.server";
import { readTenantFile, TenantConfigError } from "./files.server";
import type { TenantConfig } from "./tenant";

/**
 * The one way a tenant config is written out: the schema-parsed object (keys in
 * schema order, every default explicit), two-space JSON, a final newline. Export
 * → import → export therefore gives identical bytes.
 */
export function canonicalJson(config: TenantConfig) {
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * The config with IdP metadata kept in a file (relative to `baseDir`) written
 * inline, so the result stands alone wherever a support engineer imports or
 * reproduces it. Keys stay in schema order.
 */
async function withInlineIdpMetadata(config: TenantConfig, file: string, baseDir: string): Promise<TenantConfig> {
  const saml = config.sso.saml;
  if (!saml?.idpMetadataFile) return config;
  const { idpMetadataFile: _inlined, ...rest } = saml;
  const idpMetadataXml = await readIdpMetadata(saml, baseDir).catch((error: Error) => {
    throw new TenantConfigError([{ file, path: "$.sso.saml.idpMetadataFile", message: `cannot be read: ${error.message}` }]);
  });
  return { ...config, sso: { ...config.sso, saml: { idpMetadataXml, ...rest } } };
}

/**
 * A tenant's effective config (its file plus what program managers saved), with the configuration
 * data plugins keep in its program's database, as canonical JSON.
 */
export async function exportTenant(app: RunningApp, subdomain: string) {
  const file = app.tenants.get(subdomain);
  if (!file) throw new Error(`There is no tenant "${subdomain}" in ${app.env.TENANTS_DIR}`);
  const { config } = await app.tenantSettings.effective(file);
  const data = await readConfigData(app.registry, app.database.forProgram(file.programId));
  const withData = data ? { ...config, data } : config;
  return canonicalJson(await withInlineIdpMetadata(withData, path.join(app.env.TENANTS_DIR, `${subdomain}.json`), app.env.TENANTS_DIR));
}

/**
 * Validates a tenant file and writes it, canonical, into the tenants directory,
 * with IdP metadata from a file beside it written inline. A bad file throws
 * TenantConfigError (file, JSON path, reason) before anything is written.
 */
export async function writeTenantFile(registry: Registry, source: string, tenantsDir: string) {
  const config = await withInlineIdpMetadata(await readTenantFile(source, registry.tenantSchema), source, path.dirname(source));
  await fs.mkdir(tenantsDir, { recursive: true });
  const target = path.join(tenantsDir, `${config.subdomain}.json`);
  await fs.writeFile(target, canonicalJson(config));
  return { config, target };
}

/** After an import the file is the whole truth: settings saved in the app are cleared, with an audit entry. */
export async function clearSavedSettings(app: AppServices, subdomain: string) {
  const file = app.tenants.get(subdomain)!;
  const overrides = await app.tenantSettings.overridesOf(file.programId);
  if (Object.keys(overrides).length === 0) return false;
  await app.tenantSettings.save(file, {}, { employeeId: null, source: "import" });
  return true;
}
