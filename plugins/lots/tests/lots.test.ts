import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { codesOf, redeemCode } from "~/modules/codes/service.server";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import { loader as rootLoader } from "~/root";
import { activateLot, createLot, lotSource } from "../service.server";
import { action as activateAction, loader as activateLoader } from "../routes/activate-lot";
import { loader as activateErrorLoader } from "../routes/activate-lot-error";
import { action as createAction, loader as createLoader } from "../routes/create-lot";
import { loader as codesCsvLoader } from "../routes/lots.$lotId.codes[.]csv";
import { loader as reportCsvLoader } from "../routes/lots.$lotId.report[.]csv";
import { contextFor, createTestApp, postAs, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { itRaces } from "../../../tests/setup/races";

let testApp: TestApp;
let acme: ProgramDb;
let adminId: number;
beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  adminId = (await signInAs(testApp.app, "acme", "admin")).employeeId;
});
afterAll(() => testApp.close());

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

async function newActiveLot(codeCount = 3, pointsPerCode = 100) {
  const lot = await createLot(acme, adminId, { name: "Test lot", codeCount, pointsPerCode, expiresOn: nextYear }, "America/New_York");
  expect((await activateLot(acme, adminId, lot.lotCode, "America/New_York")).status).toBe("ACTIVATED");
  const codes = (await codesOf(acme, lotSource(lot.id))).map((c) => c.code);
  return { ...lot, codes };
}

const post = (route: Parameters<typeof postAs>[1], subdomain: string, path: string, loginId: string, fields: Record<string, string>) =>
  postAs(testApp.app, route, subdomain, path, loginId, fields);

describe("activating a lot", () => {
  it("funds the lot from the bucket in one step, and says so", async () => {
    const lot = await createLot(acme, adminId, { name: "Funded", codeCount: 4, pointsPerCode: 250, expiresOn: nextYear }, "America/New_York");
    const bucketBefore = await balanceOf(acme, { kind: "PROGRAM_BUCKET" });
    const { response, cookie } = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: lot.lotCode.toLowerCase(), redirectTo: "/feed" });
    expect(response.headers.get("Location")).toBe("/feed");
    const root = await (await rootLoader({ request: requestTo("acme", "/feed", { cookie }), context: contextFor(testApp.app, "acme"), params: {} })).json();
    expect(root.toast?.message).toBe(`Lot ${lot.lotCode} has been activated.`);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(bucketBefore - 1_000);
    expect(await balanceOf(acme, { kind: "CODE_POOL", source: lotSource(lot.id) })).toBe(1_000);
  });

  it("answers PREVIOUSLY_ACTIVATED and NOT_FOUND with the spec's messages", async () => {
    const lot = await newActiveLot(1, 10);
    const twice = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: lot.lotCode });
    expect(await twice.response.json()).toEqual({ value: lot.lotCode, error: `Lot ${lot.lotCode} has already been activated` });
    const missing = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: "QQQQ9" });
    expect(await missing.response.json()).toEqual({ value: "QQQQ9", error: "Lot QQQQ9 was not found" });
    const malformed = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: "AB-CD" });
    expect(await malformed.response.json()).toEqual({ value: "AB-CD", error: "Enter the 5-character lot code" });
  });

  it("sends a lot the bucket cannot fund to the error page, which shows its code and value, and changes nothing", async () => {
    const bucket = await balanceOf(acme, { kind: "PROGRAM_BUCKET" });
    const lot = await createLot(acme, adminId, { name: "Too big", codeCount: 10, pointsPerCode: Math.ceil(bucket / 10) + 1, expiresOn: nextYear }, "America/New_York");
    const { response, cookie } = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: lot.lotCode });
    expect(response.headers.get("Location")).toBe(`/activate-lot-error?lot=${lot.lotCode}`);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(bucket);
    const [code] = await codesOf(acme, lotSource(lot.id));
    expect((await redeemCode(acme, adminId, code.code)).status).toBe("INVALID");

    const page = (await activateErrorLoader({ request: requestTo("acme", `/activate-lot-error?lot=${lot.lotCode}`, { cookie }), context: contextFor(testApp.app, "acme"), params: {} })) as Response;
    expect(await page.json()).toEqual({ lotCode: lot.lotCode, lotPointsValue: 10 * (Math.ceil(bucket / 10) + 1), bucket });
  });

  it("refuses an expired lot as an unexpected error", async () => {
    const lot = await createLot(acme, adminId, { name: "Old", codeCount: 1, pointsPerCode: 1, expiresOn: nextYear }, "America/New_York");
    await acme.updateTable("lot").set({ expires_at: new Date("2020-01-31T23:59:59Z") }).where("id", "=", lot.id).execute();
    const { response } = await post({ action: activateAction }, "acme", "/activate-lot", "admin", { lotCode: lot.lotCode });
    expect(await response.json()).toEqual({ value: lot.lotCode, error: `Unexpected error when activating lot: lot ${lot.lotCode} expired on 2020-01-31` });
  });

  itRaces("funds a lot once when activated many times at the same instant", async () => {
    const lot = await createLot(acme, adminId, { name: "Race", codeCount: 2, pointsPerCode: 50, expiresOn: nextYear }, "America/New_York");
    const bucket = await balanceOf(acme, { kind: "PROGRAM_BUCKET" });
    const results = await Promise.all(Array.from({ length: 6 }, () => activateLot(acme, adminId, lot.lotCode, "America/New_York")));
    expect(results.filter((r) => r.status === "ACTIVATED")).toHaveLength(1);
    expect(results.filter((r) => r.status === "PREVIOUSLY_ACTIVATED")).toHaveLength(5);
    expect(await balanceOf(acme, { kind: "PROGRAM_BUCKET" })).toBe(bucket - 100);
  });

  it("does not find an acme lot at globex", async () => {
    const lot = await createLot(acme, adminId, { name: "Acme only", codeCount: 1, pointsPerCode: 1, expiresOn: nextYear }, "America/New_York");
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    await transfer(globex, { idempotencyKey: "isolation-deposit", kind: "BUCKET_DEPOSIT", amount: 10, reason: "x", actorId: null, to: { kind: "PROGRAM_BUCKET" } });
    expect(await activateLot(globex, adminId, lot.lotCode, "America/New_York")).toEqual({ status: "NOT_FOUND", lotCode: lot.lotCode });
  });
});

describe("creating lots", () => {
  it("creates a lot with a 5-character code and unique 10-character codes", async () => {
    const { response } = await post({ action: createAction }, "acme", "/create-lot", "admin", {
      name: "Spring cards",
      codeCount: "40",
      pointsPerCode: "200",
      expiresOn: nextYear,
    });
    expect(response.headers.get("Location")).toBe("/create-lot");
    const lot = await acme.selectFrom("lot").selectAll().where("name", "=", "Spring cards").executeTakeFirstOrThrow();
    expect(lot.lot_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(lot.status).toBe("CREATED");
    // The end of that day in Acme's time zone (America/New_York, daylight saving time in June).
    expect(lot.expires_at.toISOString()).toBe(`${new Date().getUTCFullYear() + 1}-07-01T03:59:59.999Z`);
    const codes = await codesOf(acme, lotSource(lot.id));
    expect(codes).toHaveLength(40);
    expect(new Set(codes.map((c) => c.code)).size).toBe(40);
    // Crockford's base 32: no I, L, O or U that could be misread.
    for (const { code } of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it("explains each bad field and keeps what was typed", async () => {
    const { response } = await post({ action: createAction }, "acme", "/create-lot", "admin", {
      name: "",
      codeCount: "1000000",
      pointsPerCode: "2.5",
      expiresOn: "2001-01-01",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toEqual({
      name: ["Enter a name for the lot"],
      codeCount: ["A lot has at most 1,000 codes"],
      pointsPerCode: ["Point values must be a positive whole number."],
      expiresOn: ["The expiry date must be after today"],
    });
    expect(body.initialValue).toMatchObject({ codeCount: "1000000", pointsPerCode: "2.5" });
  });

  it("refuses numbers that are not typed as whole numbers, and days that do not exist", async () => {
    const { response } = await post({ action: createAction }, "acme", "/create-lot", "admin", { name: "Odd", codeCount: "0x10", pointsPerCode: "1e3", expiresOn: "2030-02-31" });
    expect((await response.json()).error).toEqual({
      codeCount: ["Enter a whole number of codes"],
      pointsPerCode: ["Point values must be a positive whole number."],
      expiresOn: ["Choose an expiry date"],
    });
  });

  it("lists the history and exports codes and the report as CSV", async () => {
    const lot = await newActiveLot(2, 300);
    const { employeeId } = await signInAs(testApp.app, "acme", "employee");
    await redeemCode(acme, employeeId, lot.codes[0]);
    const { cookie } = await signInAs(testApp.app, "acme", "admin");
    const args = (path: string) => ({ request: requestTo("acme", path, { cookie }), context: contextFor(testApp.app, "acme"), params: { lotId: String(lot.id) } });

    const listed = async () => ((await (await createLoader(args("/create-lot"))).json()) as { lots: { id: number; createdBy: string | null }[] }).lots.find((l) => l.id === lot.id);
    expect(await listed()).toMatchObject({ status: "ACTIVATED", codeCount: 2, value: 600, redeemedCount: 1 });
    // Kept until the lots' version moves (decision 109): a redemption and a creator's new name, written beside the page, show on its next read.
    await redeemCode(acme, employeeId, lot.codes[1]);
    expect(await listed()).toMatchObject({ redeemedCount: 2 });
    const { display_name } = await acme.selectFrom("employee").select("display_name").where("id", "=", adminId).executeTakeFirstOrThrow();
    await acme.updateTable("employee").set({ display_name: "Renamed Creator" }).where("id", "=", adminId).execute();
    expect(await listed()).toMatchObject({ createdBy: "Renamed Creator" });
    await acme.updateTable("employee").set({ display_name }).where("id", "=", adminId).execute();

    const codesCsv = await codesCsvLoader(args(`/lots/${lot.id}/codes.csv`));
    expect(codesCsv.headers.get("Content-Disposition")).toBe(`attachment; filename="lot-${lot.lotCode}-codes.csv"`);
    const lines = (await codesCsv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("lot_code,lot_name,code,points,expires_on");
    expect(lines).toHaveLength(3);

    const report = (await (await reportCsvLoader(args(`/lots/${lot.id}/report.csv`))).text()).trim().split("\r\n");
    const redeemed = report.find((line) => line.includes(`${lot.codes[0].slice(0, 5)}-${lot.codes[0].slice(5)}`))!;
    expect(redeemed).toMatch(/,300,REDEEMED,\d{4}-\d{2}-\d{2}T[\d:.]+Z,Emery Employee,employee$/);
  });
});

describe("the lots guards", () => {
  it.each([
    ["/create-lot", createLoader, "employee"],
    ["/activate-lot", activateLoader, "employee"],
    ["/activate-lot", activateLoader, "manager"],
  ] as const)("send someone without the permission from %s to /feed", async (path, loader, loginId) => {
    const { cookie } = await signInAs(testApp.app, "acme", loginId);
    const response = (await settle(() => (loader as (a: unknown) => Promise<Response>)({ request: requestTo("acme", path, { cookie }), context: contextFor(testApp.app, "acme"), params: {} }))) as Response;
    expect(response.headers.get("Location")).toBe("/feed");
  });

  it("let the admin in", async () => {
    const { cookie } = await signInAs(testApp.app, "acme", "admin");
    const response = await createLoader({ request: requestTo("acme", "/create-lot", { cookie }), context: contextFor(testApp.app, "acme"), params: {} });
    expect(response.status).toBe(200);
  });

  it("keep an employee without canCreateLots away from a lot's codes", async () => {
    const lot = await newActiveLot(1, 1);
    const { cookie } = await signInAs(testApp.app, "acme", "manager");
    const response = (await settle(() =>
      codesCsvLoader({ request: requestTo("acme", `/lots/${lot.id}/codes.csv`, { cookie }), context: contextFor(testApp.app, "acme"), params: { lotId: String(lot.id) } }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/feed");
  });
});
