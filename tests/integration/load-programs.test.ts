import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeLoadTenants } from "~/modules/demo/load-programs.server";
import { serverRegistry } from "~/modules/plugins/installed.server";
import { loadTenantFiles } from "~/modules/tenants/files.server";

describe("the generated programs of `npm run seed -- --programs N`", () => {
  it("are tenant files the app loads, acme's under subdomains of their own, and only as many as asked for", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "load-tenants-"));
    fs.writeFileSync(path.join(dir, "kept.json"), "{}");
    expect(writeLoadTenants(dir, "tenants/acme.json", 12)).toHaveLength(12);
    expect(writeLoadTenants(dir, "tenants/acme.json", 3)).toEqual(["load-001", "load-002", "load-003"]);
    expect(fs.readdirSync(dir).sort()).toEqual(["kept.json", "load-001.json", "load-002.json", "load-003.json"]);

    fs.rmSync(path.join(dir, "kept.json"));
    const configs = await loadTenantFiles(dir, serverRegistry.tenantSchema);
    const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8")) as { features: object; name: string };
    expect(configs.map((config) => [config.subdomain, config.name])).toEqual([
      ["load-001", `${acme.name} (load-001)`],
      ["load-002", `${acme.name} (load-002)`],
      ["load-003", `${acme.name} (load-003)`],
    ]);
    expect(configs[0]!.features).toMatchObject(acme.features);
    fs.rmSync(dir, { recursive: true });
  });
});
