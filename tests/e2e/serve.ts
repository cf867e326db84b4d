// The app as `npm start` runs it, for Playwright: a fresh embedded data directory
// (or a fresh PostgreSQL database when DATABASE_URL is set) with the demo programs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runServer } from "../../scripts/run-server.js";
import { freshDatabase } from "../setup/databases";
import { serveTestIdp } from "../setup/saml-idp";
import { samlTenantsDir } from "../setup/saml-tenants";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-e2e-"));
const port = process.env.PORT ?? "3210";
const database = await freshDatabase(`recognize_e2e_${port}`);
// The demo programs plus two that sign in through a test IdP on port + 20.
const { idp } = await serveTestIdp(
  { entityId: `http://umbrella.localhost:${port}/login/sso/metadata`, acsUrl: `http://umbrella.localhost:${port}/login/sso/acs` },
  Number(port) + 20,
);
Object.assign(process.env, {
  PORT: port,
  DATA_DIR: dataDir,
  TENANTS_DIR: samlTenantsDir(idp.metadata),
  DEMO_SEED: "true",
  DEFAULT_TENANT: "acme",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "e2e-secret-that-is-long-enough-for-signing",
  REDIS_KEY_PREFIX: `e2e-${port}-${process.pid}:`,
  ...(database.target.kind === "postgres" ? { DATABASE_URL: database.target.url } : {}),
});
runServer();
