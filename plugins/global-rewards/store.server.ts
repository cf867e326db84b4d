import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Tenant } from "~/modules/tenants/tenant";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { globalRewardsOptions } from "./options";

/** The app's own stand-in for the store: where tokens go when the program names no store (the embedded default). */
export const SANDBOX_PATH = "/global-rewards/sandbox";

/** The program names a store whose secret the deployment does not hold (or holds too short): logged, and shown as the shop failing to open. */
export class MissingSecret extends Error {
  constructor(variable: string) {
    super(`The global rewards store needs ${variable} (at least 32 characters) in the environment`);
    this.name = "MissingSecret";
  }
}

const sandboxSecrets = new Map<string, Promise<string>>();

/** The sandbox's signing secret: made once per data directory and kept there, so every process of the deployment shares it. */
function sandboxSecret(dataDir: string) {
  const file = path.resolve(dataDir, "global-rewards-sandbox-secret");
  let secret = sandboxSecrets.get(file);
  if (!secret) {
    secret = (async () => {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      return (await fs.readFile(file, "utf8")).trim();
    })();
    sandboxSecrets.set(file, secret);
  }
  return secret;
}

/** Where the program's store signs people in, and the secret its tokens are signed with: the program's store, or the sandbox. */
export async function storeOf(tenant: Tenant, dataDir: string, env: Record<string, string | undefined> = process.env) {
  const options = pluginOptions(globalRewardsOptions, tenant.config.features["global-rewards"]);
  if (!options.url) return { url: SANDBOX_PATH, secret: await sandboxSecret(dataDir), sandbox: true };
  const variable = options.credentials ? `GLOBAL_REWARDS_${options.credentials}_SECRET` : "GLOBAL_REWARDS_SECRET";
  const secret = env[variable];
  if (!secret || secret.length < 32) throw new MissingSecret(variable);
  return { url: options.url, secret, sandbox: false };
}
