import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { TenantConfig } from "./tenant";

export interface ConfigProblem {
  file: string;
  /** A JSON path into the file, such as `$.branding.colors.primary`. */
  path: string;
  message: string;
}

export class TenantConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Invalid tenant configuration:\n${problems
        .map((problem) => `  - ${problem.file} at ${problem.path}: ${problem.message}`)
        .join("\n")}`,
    );
    this.name = "TenantConfigError";
  }
}

export function jsonPath(segments: readonly PropertyKey[]) {
  return segments.reduce<string>(
    (acc, segment) => (typeof segment === "number" ? `${acc}[${segment}]` : `${acc}.${String(segment)}`),
    "$",
  );
}

/** Validates parsed JSON; returns the config or the problems, each with its JSON path. */
export function validateTenantJson(
  file: string,
  json: unknown,
  schema: z.ZodType<TenantConfig, unknown>,
  expectedSubdomain?: string,
): { config: TenantConfig; problems: [] } | { config: null; problems: ConfigProblem[] } {
  const result = schema.safeParse(json);
  if (!result.success) {
    return {
      config: null,
      problems: result.error.issues.map((issue) => ({ file, path: jsonPath(issue.path), message: issue.message })),
    };
  }
  if (expectedSubdomain && result.data.subdomain !== expectedSubdomain) {
    return {
      config: null,
      problems: [{ file, path: "$.subdomain", message: `must equal the file name "${expectedSubdomain}"` }],
    };
  }
  return { config: result.data, problems: [] };
}

export async function readTenantFile(file: string, schema: z.ZodType<TenantConfig, unknown>, expectedSubdomain?: string) {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new TenantConfigError([{ file, path: "$", message: `is not valid JSON: ${(error as Error).message}` }]);
  }
  const result = validateTenantJson(file, json, schema, expectedSubdomain);
  if (!result.config) throw new TenantConfigError(result.problems);
  return result.config;
}

/** Reads every `<subdomain>.json` in the directory; all problems of all files are reported together. */
export async function loadTenantFiles(dir: string, schema: z.ZodType<TenantConfig, unknown>) {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  const configs: TenantConfig[] = [];
  const problems: ConfigProblem[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      configs.push(await readTenantFile(file, schema, name.slice(0, -".json".length)));
    } catch (error) {
      if (!(error instanceof TenantConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new TenantConfigError(problems);
  if (configs.length === 0) {
    throw new TenantConfigError([{ file: dir, path: "$", message: "holds no tenant file (<subdomain>.json)" }]);
  }
  return configs;
}
