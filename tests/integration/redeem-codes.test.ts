import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { CODE_EXPIRED, CODE_NOT_VALID, redeemedMessage } from "~/modules/codes/format";
import { activateCodes, codePool, issueCodes, redeemCode } from "~/modules/codes/service.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { loader as rootLoader } from "~/root";
import { action as redeemAction, loader as redeemLoader } from "~/routes/redeem";
import { contextFor, createTestApp, postAs, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";
import { itRaces } from "../setup/races";

let testApp: TestApp;
let acme: ProgramDb;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
});
afterAll(() => testApp.close());

const nextYear = new Date(Date.now() + 365 * 86_400_000);
let issuers = 0;

/** Codes of an issuer of the test's own, funded from the program's bucket and made redeemable, as a feature that issues codes would. */
async function newActiveCodes(count = 3, points = 100) {
  const source = `test:${++issuers}`;
  const codes = await issueCodes(acme, { source, count, points, expiresAt: nextYear });
  await transfer(acme, { idempotencyKey: `fund:${source}`, kind: "ADJUSTMENT", amount: count * points, reason: "Test codes", actorId: null, from: { kind: "PROGRAM_BUCKET" }, to: codePool(source) });
  await activateCodes(acme, source);
  return { source, codes };
}

const post = (route: Parameters<typeof postAs>[1], subdomain: string, path: string, loginId: string, fields: Record<string, string>) =>
  postAs(testApp.app, route, subdomain, path, loginId, fields);

describe("redeeming a code", () => {
  it("adds the points, says so in the snackbar, and the tile shows the new balance", async () => {
    const issued = await newActiveCodes(2, 750);
    const { response, cookie } = await post({ action: redeemAction }, "acme", "/redeem", "employee", {
      code: `${issued.codes[0].slice(0, 5).toLowerCase()}-${issued.codes[0].slice(5)}`,
      redirectTo: "/feed",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/feed");
    const root = await (await rootLoader({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(root.toast).toEqual({ type: "success", message: "You've successfully added 750 points to your account..." });
    expect(redeemedMessage(1500)).toBe("You've successfully added 1,500 points to your account...");
  });

  it("redeems a code typed with the characters it is misread as: O for 0, I or L for 1", async () => {
    const issued = await newActiveCodes(1, 100);
    await acme.updateTable("redeem_code").set({ code: "R00MBF1CK1" }).where("code", "=", issued.codes[0]!).execute();
    const { response } = await post({ action: redeemAction }, "acme", "/redeem", "employee", { code: "rOomb-fick1" });
    expect(response.status).toBe(302);
    const again = await post({ action: redeemAction }, "acme", "/redeem", "employee", { code: "R00MB-FLCKL" });
    expect(await again.response.json()).toEqual({ value: "R00MB-FLCKL", error: CODE_NOT_VALID });
  });

  it("pays a code once, ever", async () => {
    const issued = await newActiveCodes(1, 100);
    const first = await post({ action: redeemAction }, "acme", "/redeem", "employee", { code: issued.codes[0] });
    expect(first.response.status).toBe(302);
    const again = await post({ action: redeemAction }, "acme", "/redeem", "manager", { code: issued.codes[0] });
    expect(again.response.status).toBe(422);
    expect(await again.response.json()).toEqual({ value: issued.codes[0], error: CODE_NOT_VALID });
  });

  itRaces("pays once when redeemed many times at the same instant", async () => {
    const issued = await newActiveCodes(1, 100);
    const { employeeId } = await signInAs(testApp.app, "acme", "manager");
    const before = await balanceOf(acme, { kind: "SHOPPING", employeeId });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeemCode(acme, employeeId, issued.codes[0])));
    expect(results.filter((r) => r.status === "VALID")).toHaveLength(1);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId })).toBe(before + 100);
    expect(await balanceOf(acme, { kind: "CODE_POOL", source: issued.source })).toBe(0);
  });

  it("says 'Code is expired' for an expired code and 'Code is not valid' for anything else, keeping what was typed", async () => {
    const issued = await newActiveCodes(1, 100);
    await acme.updateTable("redeem_code").set({ expires_at: new Date(Date.now() - 1000) }).where("code", "=", issued.codes[0]).execute();
    const expired = await post({ action: redeemAction }, "acme", "/redeem", "employee", { code: issued.codes[0] });
    expect(await expired.response.json()).toEqual({ value: issued.codes[0], error: CODE_EXPIRED });

    const [pendingCode] = await issueCodes(acme, { source: "test:pending", count: 1, points: 5, expiresAt: nextYear });
    for (const code of [pendingCode!, "ZZZZZ-ZZZZZ", "ABC", "ABCDE-FGHIJK", "ABCDE_FGHIJ", "<script>"]) {
      const result = await post({ action: redeemAction }, "acme", "/redeem", "employee", { code });
      expect(await result.response.json(), code).toEqual({ value: code, error: CODE_NOT_VALID });
    }
  });

  it("does not find an acme code at globex", async () => {
    const issued = await newActiveCodes(1, 100);
    const atGlobex = await post({ action: redeemAction }, "globex", "/redeem", "employee", { code: issued.codes[0] });
    expect(await atGlobex.response.json()).toEqual({ value: issued.codes[0], error: CODE_NOT_VALID });
  });

  it("is for employees who can redeem codes", async () => {
    const { employeeId, cookie } = await signInAs(testApp.app, "acme", "employee");
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ canRedeemCodes: false }) }).where("id", "=", employeeId).execute();
    try {
      const page = (await settle(() => redeemLoader({ request: requestTo("acme", "/redeem", { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
      expect(page.headers.get("Location")).toBe("/feed");
    } finally {
      await acme.updateTable("employee").set({ permissions: "{}" }).where("id", "=", employeeId).execute();
    }
  });
});

