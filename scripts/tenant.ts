// Support tooling: `npm run tenant -- <command>`
//   export <subdomain> [file]       the effective config (file + saved settings) as canonical JSON
//   import <file>                   validate, write into TENANTS_DIR, clear settings saved in the app
//   reproduce <file> [--port N]     start the app on a fresh embedded database with only that tenant
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startApp } from "~/modules/app.server";
import { DEMO_PASSWORD, DEMO_POPULATION, demoUsers } from "~/modules/demo/seed.server";
import { EnvError, parseEnv } from "~/modules/env.server";
import { createLogger } from "~/modules/logger.server";
import { serverRegistry } from "~/modules/plugins/installed.server";
import { TenantConfigError } from "~/modules/tenants/files.server";
import { ssoApplies } from "~/modules/auth/saml/sso-applies";
import { clearSavedSettings, exportTenant, writeTenantFile } from "~/modules/tenants/transfer.server";
import { runServer } from "./run-server.js";

const USAGE = `Usage:
  npm run tenant -- export <subdomain> [file]
  npm run tenant -- import <file>
  npm run tenant -- reproduce <file> [--port N]`;

const roles: Record<(typeof demoUsers)[number]["loginId"], string> = {
  employee: "a plain employee",
  manager: "a supervisor with direct reports, gives and approves discretionary points",
  admin: "program manager and social moderator; creates and activates lots, redeems codes",
  newhire: "must choose a new password at first sign-in",
  invited: "has no password yet: set one up at /login/register (the e-mail is in /dev/outbox)",
};

async function withApp<T>(work: (app: Awaited<ReturnType<typeof startApp>>) => Promise<T>) {
  const env = parseEnv();
  const app = await startApp(env, createLogger("warn"), { seedDemo: false });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

async function exportCommand(subdomain: string | undefined, out: string | undefined) {
  if (!subdomain) throw new UsageError();
  const json = await withApp((app) => exportTenant(app, subdomain));
  if (out) {
    await fs.writeFile(out, json);
    console.error(`Wrote ${subdomain}'s effective configuration to ${out}`);
  } else {
    process.stdout.write(json);
  }
}

async function importCommand(file: string | undefined) {
  if (!file) throw new UsageError();
  const env = parseEnv();
  const { config, target } = await writeTenantFile(serverRegistry, file, env.TENANTS_DIR);
  const cleared = await withApp((app) => clearSavedSettings(app, config.subdomain));
  console.error(`Imported ${config.subdomain} into ${target}${cleared ? "; settings saved in the app were cleared" : ""}.`);
  console.error("A running server reads tenant files at start-up: restart it to serve the imported file.");
}

async function reproduceCommand(file: string | undefined, args: string[]) {
  if (!file) throw new UsageError();
  const portFlag = args.indexOf("--port");
  const port = portFlag >= 0 ? args[portFlag + 1] : (process.env.PORT ?? "3000");
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "recognize-reproduce-"));
  const tenantsDir = path.join(workDir, "tenants");
  const { config } = await writeTenantFile(serverRegistry, file, tenantsDir);

  for (const name of ["DATABASE_URL", "REDIS_URL", "SESSION_SECRET"]) delete process.env[name];
  Object.assign(process.env, {
    PORT: port,
    TENANTS_DIR: tenantsDir,
    DATA_DIR: path.join(workDir, "data"),
    DEFAULT_TENANT: config.subdomain,
    DEMO_SEED: "true",
  });
  const enabled = Object.entries(config.features).filter(([, f]) => f.enabled).map(([id]) => id);
  console.log(`Reproducing "${config.subdomain}" (${config.name}) from ${file} on a fresh embedded database in ${workDir}`);
  console.log(`Features on: ${enabled.length ? enabled.join(", ") : "none"}`);
  console.log(`Open http://${config.subdomain}.localhost:${port} (or http://localhost:${port}) and sign in with the password ${DEMO_PASSWORD} as:`);
  for (const user of demoUsers) console.log(`  ${user.loginId.padEnd(9)} ${roles[user.loginId]}`);
  console.log(`and ${DEMO_POPULATION} synthetic employees in groups and segments (first.last.N@${config.subdomain}.example.com).`);
  if (ssoApplies(config)) {
    console.log(`It signs in with SAML, through the customer's IdP: use http://${config.subdomain}.localhost:${port}/login/non-sso for the password form.`);
  }
  if (config.siteConfig.twoFactorEnabled) {
    console.log(`Two-factor is on: the texted codes are on http://${config.subdomain}.localhost:${port}/dev/outbox.`);
  }
  runServer();
}

class UsageError extends Error {}

const [command, first, ...rest] = process.argv.slice(2);
try {
  if (command === "export") await exportCommand(first, rest[0]);
  else if (command === "import") await importCommand(first);
  else if (command === "reproduce") await reproduceCommand(first, rest);
  else throw new UsageError();
} catch (error) {
  if (error instanceof UsageError) console.error(USAGE);
  else if (error instanceof TenantConfigError || error instanceof EnvError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
