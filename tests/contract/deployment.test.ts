import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEnv } from "~/modules/env.server";

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
}

const compose = parse(fs.readFileSync("deploy/docker-compose.yaml", "utf8"), { merge: true }) as { services: Record<string, Service> };
const APP_SERVICES = ["web-1", "web-2", "worker"];

/** The variable names of the README's configuration table (its first column, each name in backticks). */
function documentedVariables() {
  const readme = fs.readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const firstColumns = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split("|")[1]!);
  return new Set(firstColumns.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
}

describe("the compose file of the several-machine topology (deploy/docker-compose.yaml)", () => {
  it("starts two web processes behind a proxy, a worker, PostgreSQL, Redis and MinIO", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["minio", "minio-bucket", "postgres", "proxy", "redis", "web-1", "web-2", "worker"]);
    const caddyfile = fs.readFileSync("deploy/Caddyfile", "utf8");
    for (const web of ["web-1", "web-2"]) {
      expect(caddyfile).toContain(`${web}:3000`);
      expect(compose.services[web]!.command).toEqual(["node", "build/server.js"]);
      expect(compose.services[web]!.environment!.WORKERS).toBe("0");
    }
    expect(compose.services.worker!.command).toEqual(["node", "build/server.js", "--worker"]);
    expect(Number(compose.services.worker!.environment!.WORKERS)).toBeGreaterThan(0);
  });

  it("builds every app process from the Dockerfile, which serves build/server.js", () => {
    for (const name of APP_SERVICES) expect(compose.services[name]!.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toMatch(/^CMD \["node", "build\/server.js"\]$/m);
    expect(dockerfile).toMatch(/^RUN npm run build/m);
  });

  it("sets only variables the README's configuration table documents, and the ones several machines need", () => {
    const documented = documentedVariables();
    expect(documented.size).toBeGreaterThan(20);
    for (const name of APP_SERVICES) {
      const variables = Object.keys(compose.services[name]!.environment!);
      expect(variables.filter((variable) => !documented.has(variable)), `${name}: variables the README does not document`).toEqual([]);
      expect(variables).toEqual(expect.arrayContaining(["DATABASE_URL", "REDIS_URL", "SESSION_SECRET", "S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "TRUST_PROXY"]));
    }
  });

  it("has values the app's configuration accepts", () => {
    for (const name of APP_SERVICES) {
      // Compose's own substitutions (${NAME:-default}) are read with their defaults, a required one with a value of its length.
      const environment = Object.fromEntries(
        Object.entries(compose.services[name]!.environment!).map(([key, value]) => [key, value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1").replace(/\$\{[A-Z_]+:\?[^}]*\}/g, "x".repeat(32))]),
      );
      expect(() => parseEnv({ ...environment, NODE_ENV: "production" })).not.toThrow();
    }
  });
});
