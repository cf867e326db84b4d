import fs from "node:fs";
import path from "node:path";
import type { DemoSize } from "./seed.server";

/** One generated program of `npm run seed -- --programs N`: a mid-sized customer (issue 31). */
export const LOAD_PROGRAM_SIZE: DemoSize = { population: 1_000, ledgerEntries: 2_000, posts: 2_000 };

/** The subdomain of the i-th generated program (from 1): load-001, load-002, … */
export function loadSubdomain(i: number) {
  return `load-${String(i).padStart(3, "0")}`;
}

/**
 * Writes `count` tenant files into `dir`, each a copy of `templateFile` (a tenant file, so every
 * plugin it turns on is on) under a subdomain and name of its own, and removes generated files
 * beyond `count`. Returns the subdomains.
 */
export function writeLoadTenants(dir: string, templateFile: string, count: number) {
  const template = JSON.parse(fs.readFileSync(templateFile, "utf8")) as { name: string; branding?: { logoAlt?: string } };
  fs.mkdirSync(dir, { recursive: true });
  const subdomains = Array.from({ length: count }, (_, i) => loadSubdomain(i + 1));
  for (const file of fs.readdirSync(dir)) {
    if (/^load-\d+\.json$/.test(file) && !subdomains.includes(file.slice(0, -".json".length))) fs.rmSync(path.join(dir, file));
  }
  for (const subdomain of subdomains) {
    const name = `${template.name} (${subdomain})`;
    const config = { ...template, subdomain, name, branding: { ...template.branding, logoAlt: name } };
    fs.writeFileSync(path.join(dir, `${subdomain}.json`), `${JSON.stringify(config, null, 2)}\n`);
  }
  return subdomains;
}
