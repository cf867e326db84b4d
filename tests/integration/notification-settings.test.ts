import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as settingsLoader } from "~/routes/settings.notifications";
import { effectiveContextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
});
afterAll(() => testApp.close());

type Settings = { groups: { id: string; types: { id: string }[] }[]; channels: { channel: string }[] };

async function open(subdomain: string, loginId: string) {
  const { cookie } = await signInAs(testApp.app, subdomain, loginId);
  const context = await effectiveContextFor(testApp.app, subdomain);
  return (await settle(() => settingsLoader({ request: requestTo(subdomain, "/settings/notifications", { cookie }), context, params: {} }))) as Response;
}

const typesOf = async (response: Response) => ((await response.json()) as Settings).groups.flatMap((group) => group.types.map((type) => type.id));

describe("notification settings", () => {
  it("offer only the types that can reach the person: points to give and approvals need points accounting on", async () => {
    const acmeManager = await typesOf(await open("acme", "manager"));
    expect(acmeManager).toEqual(expect.arrayContaining(["SHOPPING_POINTS_INCREASED", "DISCRETIONARY_POINTS_INCREASED", "REFILL_REMINDER", "PT_APP"]));
    expect(await typesOf(await open("acme", "employee"))).not.toContain("DISCRETIONARY_POINTS_INCREASED");
    // Globex has points accounting off: its manager neither gives points nor approves requests for them.
    const globexManager = await typesOf(await open("globex", "manager"));
    expect(globexManager).toContain("SHOPPING_POINTS_INCREASED");
    for (const type of ["DISCRETIONARY_POINTS_INCREASED", "REFILL_REMINDER", "PT_APP"]) expect(globexManager).not.toContain(type);
  });

  it("offer text messages where the program sends them and they reach someone (here, the demo's outbox)", async () => {
    const channels = async (subdomain: string) => ((await (await open(subdomain, "employee")).json()) as Settings).channels.map((c) => c.channel);
    expect(await channels("globex")).toEqual(["EMAIL", "SMS"]);
    expect(await channels("acme")).toEqual(["EMAIL"]);
  });

  it("answer only where the program lets people choose (the spec's notificationsEnabled)", async () => {
    const acme = tenantOf(testApp.app, "acme");
    await testApp.app.tenantSettings.save(acme, { siteConfig: { notificationsEnabled: false } }, { employeeId: null, source: "settings" });
    try {
      const refused = await open("acme", "employee");
      expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/feed"]);
    } finally {
      await testApp.app.tenantSettings.save(acme, {}, { employeeId: null, source: "settings" });
    }
  });
});
