import { describe, expect, it } from "vitest";
import { demoSeedEnabled, EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the embedded defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", TENANTS_DIR: "./tenants", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(demoSeedEnabled(env)).toBe(true);
  });

  it("names each bad variable with its reason", () => {
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", REDIS_URL: "http://redis", DEFAULT_TENANT: "Acme Corp" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toContain("PORT: Invalid input: expected number, received NaN");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
      expect(message).toContain("REDIS_URL: must be a redis:// or rediss:// URL");
      expect(message).toContain("DEFAULT_TENANT: must be a tenant subdomain (a-z, 0-9, -)");
    }
  });

  it("requires a session secret for a production deployment on a real database", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(
      "SESSION_SECRET: is required in production with DATABASE_URL",
    );
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow("SESSION_SECRET: must be at least 32 characters");
  });

  it("treats empty strings as unset and seeds demo data on a real database only when asked", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "postgres://db/app" });
    expect(env.PORT).toBe(3000);
    expect(demoSeedEnabled(env)).toBe(false);
    expect(demoSeedEnabled(parseEnv({ DATABASE_URL: "postgres://db/app", DEMO_SEED: "true" }))).toBe(true);
  });
});
