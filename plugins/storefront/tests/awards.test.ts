import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { balanceOf, transfer } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import { addDays } from "~/modules/time/calendar-days";
import { awardsOf } from "../awards/awards.server";
import { awardsReport } from "../awards/awards-report.server";
import { grantAwardsJob } from "../awards/grant.server";
import { storefrontConfigData } from "../config-data.server";
import { attemptPlacement, AwardUnavailable, takeOrder } from "../orders.server";
import { action as awardTypesAction, loader as awardTypesLoader } from "../routes/storefront.admin.award-types";
import { action as redeemAction, loader as redeemLoader } from "../routes/storefront.awards.$awardId.gift-card";
import { loader as awardLoader } from "../routes/service-award-redemption.$id";
import { loader as shopLoader } from "../routes/storefront._index";
import { loader as pointsStoresLoader } from "../routes/storefront.points";
import { loader as selectAwardLoader } from "../routes/storefront.awards._index";
import { loader as awardStoresLoader } from "../routes/storefront.awards.$awardId._index";
import { loader as giftCardsLoader } from "../routes/storefront.gift-cards._index";
import { action as resubmitAction } from "../routes/storefront.orders.$orderId";
import { loader as profileLoader } from "~/routes/profile.$id";
import { loader as notificationsLoader } from "~/routes/notifications";
import { formPost, requestTo, signInAs } from "../../../tests/setup/test-app";
import { acme, call, openAcmeShop, tenant, testApp } from "./acme-shop";

openAcmeShop();


/** A person of their own for each test, hired on `hireDate`. */
async function person(hireDate: string | null, managerId: number | null = null, permissions = "{}") {
  const loginId = `award-${randomUUID().slice(0, 8)}`;
  const { id } = await acme
    .insertInto("employee", {
      login_id: loginId,
      first_name: "Ari",
      last_name: "Anniversary",
      display_name: "Ari Anniversary",
      email: `${loginId}@acme.example.com`,
      employee_type: "EMPLOYEE",
      permissions,
      hire_date: hireDate,
      parent_employee_id: managerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, loginId };
}

const yearsBefore = (day: string, years: number) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
const inZone = (timeZone: string): Tenant => ({ ...tenant, config: { ...tenant.config, program: { ...tenant.config.program, timeZone } } });
const grant = (forTenant: Tenant) => grantAwardsJob.run({ id: "test", attempt: 1, data: {}, tenant: forTenant, db: acme, log: testApp.app.log, app: testApp.app.services });

/** An open award of the 10-year type for a new person, as the grant job would make it. */
async function openAward() {
  const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const owner = await person(yearsBefore(today, 10));
  await grant(tenant);
  const [award] = await awardsOf(acme, owner.id);
  const { cookie } = await signInAs(testApp.app, "acme", owner.loginId);
  return { owner, award: award!, cookie };
}

describe("the service award grant", () => {
  it("grants the type whose years an anniversary completes, once however often it runs, and tells the person and their manager", async () => {
    const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
    const manager = await person("2010-01-01");
    const ari = await person(yearsBefore(today, 10), manager.id);
    const notYet = await person(yearsBefore(addDays(today, 1), 10));
    const noMatch = await person(yearsBefore(today, 7));
    await grant(tenant);
    await grant(tenant);
    const awards = await awardsOf(acme, ari.id);
    expect(awards.map(({ name, yearsService, status, anniversary }) => ({ name, yearsService, status, anniversary }))).toEqual([
      { name: "10-Year Service Award", yearsService: 10, status: "OPEN", anniversary: today },
    ]);
    expect(await awardsOf(acme, notYet.id)).toEqual([]);
    expect(await awardsOf(acme, noMatch.id)).toEqual([]);
    const told = () =>
      acme
        .selectFrom("notification")
        .select(["employee_id", "type", "message"])
        .where("employee_id", "in", [ari.id, manager.id])
        .orderBy("type")
        .execute();
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(2);
    expect(await told()).toEqual([
      { employee_id: manager.id, type: "SERVICE_AWARD_DOWNLINE", message: "Ari Anniversary has reached 10 years of service." },
      { employee_id: ari.id, type: "SERVICE_AWARD_RECEIVED", message: "Congratulations on 10 years! Your 10-Year Service Award ($200.00) is ready to redeem." },
    ]);
  });

  it("counts the day in the program's time zone: an anniversary that has begun in Kiritimati has not in Pago Pago", async () => {
    const kiritimatiToday = calendarDayIn(new Date(), "Pacific/Kiritimati");
    const ari = await person(yearsBefore(kiritimatiToday, 10));
    await grant(inZone("Pacific/Pago_Pago"));
    expect(await awardsOf(acme, ari.id)).toEqual([]);
    await grant(inZone("Pacific/Kiritimati"));
    expect((await awardsOf(acme, ari.id)).map((award) => award.anniversary)).toEqual([kiritimatiToday]);
  });

  it("catches up an anniversary of the last week that a day without a run missed, but no older one", async () => {
    const today = calendarDayIn(new Date(), tenant.config.program.timeZone);
    const recent = await person(yearsBefore(addDays(today, -6), 10));
    const older = await person(yearsBefore(addDays(today, -7), 10));
    await grant(tenant);
    expect(await awardsOf(acme, recent.id)).toHaveLength(1);
    expect(await awardsOf(acme, older.id)).toEqual([]);
  });
});

describe("redeeming a service award", () => {
  it("shows the award and its announcement to its owner only while it is open; anyone else goes to the feed", async () => {
    const { award, cookie } = await openAward();
    const page = await ((await call(awardLoader, requestTo("acme", `/service-award-redemption/${award.id}`, { cookie }), { id: String(award.id) })) as Response).json();
    expect(page.award).toMatchObject({ name: "10-Year Service Award", yearsService: 10, value: "$200.00", displayLines: ["10 Years", "Thank you for your service"] });
    const other = await signInAs(testApp.app, "acme", "employee");
    const refused = (await call(awardLoader, requestTo("acme", `/service-award-redemption/${award.id}`, { cookie: other.cookie }), { id: String(award.id) })) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
    const unknown = (await call(awardLoader, requestTo("acme", "/service-award-redemption/nope", { cookie }), { id: "nope" })) as Response;
    expect(unknown.headers.get("Location")).toBe("/feed");
  });

  it("lists open awards first on the notifications page, and every award on its owner's profile only", async () => {
    const { owner, award, cookie } = await openAward();
    const awardCard = (cards: { id: string; data: unknown }[], id: string) => cards.find((card) => card.id === id)?.data;
    const notifications = await ((await call(notificationsLoader, requestTo("acme", "/notifications", { cookie }))) as Response).json();
    expect(awardCard(notifications.first, "storefront/open-awards")).toEqual({
      owner: "Ari Anniversary",
      awards: [{ id: award.id, name: "10-Year Service Award", yearsService: 10, value: "$200.00", displayLines: ["10 Years", "Thank you for your service"], imageUrl: null, status: "OPEN", redeemHref: `/service-award-redemption/${award.id}` }],
    });
    const profile = (viewerCookie: string) => call(profileLoader, requestTo("acme", `/profile/${owner.id}`, { cookie: viewerCookie }), { id: String(owner.id) });
    const own = await ((await profile(cookie)) as Response).json();
    expect((awardCard(own.sections, "storefront/profile-awards") as { awards: unknown[] }).awards).toHaveLength(1);
    const colleague = await signInAs(testApp.app, "acme", "employee");
    const theirs = await ((await profile(colleague.cookie)) as Response).json();
    expect(awardCard(theirs.sections, "storefront/profile-awards")).toMatchObject({ awards: [] });
  });

  it("orders a card of the award's value with no points: the award is redeemed, and can be used only once", async () => {
    const { owner, award, cookie } = await openAward();
    const form = await ((await call(redeemLoader, requestTo("acme", `/storefront/awards/${award.id}/gift-card`, { cookie }), { awardId: String(award.id) })) as Response).json();
    expect(form.award.value).toBe("$200.00");
    expect(form.brands.map((brand: { key: string }) => brand.key)).toContain("northwind-books");
    const bad = (await call(redeemAction, formPost("acme", `/storefront/awards/${award.id}/gift-card`, { brand: "northwind-books", email: "nope", orderKey: form.orderKey }, cookie), { awardId: String(award.id) })) as Response;
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.email).toEqual(["Enter valid email address"]);
    const placed = (await call(redeemAction, formPost("acme", `/storefront/awards/${award.id}/gift-card`, { brand: "northwind-books", email: "ari@example.org", orderKey: form.orderKey }, cookie), { awardId: String(award.id) })) as Response;
    const orderId = Number(placed.headers.get("Location")!.split("/").pop());
    const order = await acme.selectFrom("shop_order").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "COMPLETE", amount_cents: 200_00, points: 0, award_id: award.id, employee_id: owner.id });
    expect((await awardsOf(acme, owner.id))[0]!.status).toBe("REDEEMED");
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: owner.id })).toBe(0);
    const [row] = (await awardsReport.rows({ db: acme, start: new Date(Date.now() - 60_000), end: new Date(Date.now() + 60_000), timeZone: tenant.config.program.timeZone, registry: testApp.app.registry })).filter(
      (candidate) => candidate.order === orderId,
    );
    expect(row).toMatchObject({ award: "10-Year Service Award", years: 10, value: "200.00", status: "REDEEMED", brand: "Northwind Books", name: "Ari Anniversary" });
    const again = (await call(redeemLoader, requestTo("acme", `/storefront/awards/${award.id}/gift-card`, { cookie }), { awardId: String(award.id) })) as Response;
    expect(again.headers.get("Location")).toBe("/feed");
  });

  it("opens the award again when its order fails, and refuses a second order while the first is with the provider", async () => {
    const { owner, award } = await openAward();
    const order = {
      employeeId: owner.id,
      orderKey: randomUUID(),
      provider: "sandbox" as const,
      brand: { key: "northwind-books", name: "Northwind Books" },
      item: { utid: "SBX-northwind-books-any", currency: "USD" },
      amountCents: 200_00,
      points: 0,
      email: "ari@decline.example",
      awardId: award.id,
    };
    const { orderId } = await takeOrder(testApp.app.services, acme, order);
    expect((await awardsOf(acme, owner.id))[0]!.status).toBe("REDEEMING");
    await expect(takeOrder(testApp.app.services, acme, { ...order, orderKey: randomUUID() })).rejects.toBeInstanceOf(AwardUnavailable);
    expect(await attemptPlacement({ app: testApp.app.services, tenant, db: acme, log: testApp.app.log }, orderId)).toBe("FAILED");
    expect((await awardsOf(acme, owner.id))[0]!.status).toBe("OPEN");
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: owner.id })).toBe(0);
    // Resubmit from ERROR: the award pays again, never points (the delivery address still declines: ERROR2).
    const { cookie } = await signInAs(testApp.app, "acme", owner.loginId);
    const resubmitted = (await call(resubmitAction, formPost("acme", `/storefront/orders/${orderId}`, { orderKey: randomUUID() }, cookie), { orderId: String(orderId) })) as Response;
    const again = Number(resubmitted.headers.get("Location")!.split("/").pop());
    expect(await acme.selectFrom("shop_order").select(["award_id", "points", "status", "resubmit_of"]).where("id", "=", again).executeTakeFirstOrThrow()).toEqual({ award_id: award.id, points: 0, status: "FAILED", resubmit_of: orderId });
    expect((await awardsOf(acme, owner.id))[0]!.status).toBe("OPEN");
  });
});

describe("award types", () => {
  it("take a picture and an announcement document from program managers: shown on the award's card and page; a file of the wrong kind is refused beside its field", async () => {
    const admin = await signInAs(testApp.app, "acme", "admin");
    const type = await acme.insertInto("service_award_type", { name: `Pictured ${randomUUID()}`, years_service: 60, value_cents: 1_000 }).returning("id").executeTakeFirstOrThrow();
    const owner = await person("2001-01-01");
    const award = await acme.insertInto("service_award", { employee_id: owner.id, award_type_id: type.id, years_service: 60, anniversary: "2026-01-01" }).returning("id").executeTakeFirstOrThrow();
    const upload = (which: string, file: Blob, name: string) => {
      const form = new FormData();
      form.set("file", file, name);
      const path = `/storefront/admin/award-types?edit=${type.id}&upload=${which}`;
      return call(awardTypesAction, new Request(requestTo("acme", path, { cookie: admin.cookie }).url, { method: "POST", body: form, headers: { cookie: admin.cookie } }));
    };
    const picture = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#aa3366" } }).png().toBuffer();
    const notAPicture = (await upload("image", new Blob(["just words"], { type: "image/png" }), "words.png")) as Response;
    expect(notAPicture.status).toBe(400);
    expect(await notAPicture.json()).toEqual({ fileError: { which: "image", message: "This file is not an image. Choose a JPEG, PNG, WebP or GIF picture." } });
    expect(((await upload("image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "medal.png")) as Response).headers.get("Location")).toBe(
      `/storefront/admin/award-types?edit=${type.id}`,
    );
    expect(((await upload("document", new Blob(["%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"], { type: "application/pdf" }), "letter.pdf")) as Response).status).toBe(302);

    const edit = await ((await call(awardTypesLoader, requestTo("acme", `/storefront/admin/award-types?edit=${type.id}`, { cookie: admin.cookie }))) as Response).json();
    expect(edit.files).toEqual({ image: { url: expect.stringMatching(/^\/assets\/[0-9a-f-]{36}\/medal\.(png|webp|jpg)$/), name: expect.any(String) }, document: { url: expect.stringMatching(/\/letter\.pdf$/), name: "letter.pdf" } });
    const { cookie } = await signInAs(testApp.app, "acme", owner.loginId);
    const page = await ((await call(awardLoader, requestTo("acme", `/service-award-redemption/${award.id}`, { cookie }), { id: String(award.id) })) as Response).json();
    expect(page.award).toMatchObject({ imageUrl: edit.files.image.url, documentUrl: edit.files.document.url });
    const notifications = await ((await call(notificationsLoader, requestTo("acme", "/notifications", { cookie }))) as Response).json();
    const card = notifications.first.find((found: { id: string }) => found.id === "storefront/open-awards").data.awards[0];
    // With a document the card opens the award's page, as with an announcement.
    expect(card).toMatchObject({ imageUrl: edit.files.image.url, redeemHref: `/service-award-redemption/${award.id}` });

    const removed = (await call(awardTypesAction, formPost("acme", `/storefront/admin/award-types?edit=${type.id}`, { remove: "image" }, admin.cookie))) as Response;
    expect(removed.status).toBe(302);
    expect((await ((await call(awardTypesLoader, requestTo("acme", `/storefront/admin/award-types?edit=${type.id}`, { cookie: admin.cookie }))) as Response).json()).files.image).toBeNull();
  });

  it("are managed by program managers: errors beside their fields with what was typed kept, names unique, and exported with the tenant", async () => {
    const admin = await signInAs(testApp.app, "acme", "admin");
    const employee = await signInAs(testApp.app, "acme", "employee");
    const fields = { name: "30-Year Service Award", yearsService: "30", value: "600", display1: "30 Years", display2: "", display3: "", announcement: "", active: "on" };
    const refused = (await call(awardTypesAction, formPost("acme", "/storefront/admin/award-types", fields, employee.cookie))) as Response;
    expect(refused.headers.get("Location")).toBe("/feed");
    const invalid = (await call(awardTypesAction, formPost("acme", "/storefront/admin/award-types", { ...fields, value: "lots", yearsService: "0" }, admin.cookie))) as Response;
    expect(invalid.status).toBe(400);
    const reply = await invalid.json();
    expect(reply.error).toMatchObject({ value: ["Enter the award's value, like 100.00"], yearsService: ["At least 1 year"] });
    expect(reply.initialValue).toMatchObject({ name: "30-Year Service Award", value: "lots" });
    const tooMuch = (await call(awardTypesAction, formPost("acme", "/storefront/admin/award-types", { ...fields, value: "100000.01" }, admin.cookie))) as Response;
    expect((await tooMuch.json()).error.value).toEqual(["At most 100,000.00"]);
    const taken = (await call(awardTypesAction, formPost("acme", "/storefront/admin/award-types", { ...fields, name: "5-Year Service Award" }, admin.cookie))) as Response;
    expect((await taken.json()).error.name).toEqual(["There is already an award type named 5-Year Service Award"]);
    const saved = (await call(awardTypesAction, formPost("acme", "/storefront/admin/award-types", fields, admin.cookie))) as Response;
    expect(saved.headers.get("Location")).toBe("/storefront/admin/award-types");
    const list = await ((await call(awardTypesLoader, requestTo("acme", "/storefront/admin/award-types", { cookie: admin.cookie }))) as Response).json();
    expect(list.types.find((type: { name: string }) => type.name === "30-Year Service Award")).toMatchObject({ yearsService: 30, valueCents: 600_00, display1: "30 Years", display2: null, hideShopButton: false, active: true });
    const exported = await storefrontConfigData.read(acme);
    expect(exported.awardTypes.map((type) => type.name)).toContain("30-Year Service Award");
  });

  it("from a tenant file replace the program's by name, switching off (never deleting) a type the file leaves out", async () => {
    const before = await storefrontConfigData.read(acme);
    const kept = before.awardTypes.filter((type) => type.yearsService !== 25);
    await storefrontConfigData.replace(acme, { brandsOff: before.brandsOff, awardTypes: kept });
    const after = await acme.selectFrom("service_award_type").select(["name", "active"]).where("years_service", "=", 25).executeTakeFirstOrThrow();
    expect(after).toEqual({ name: "25-Year Service Award", active: false });
    await storefrontConfigData.replace(acme, before);
    expect((await storefrontConfigData.read(acme)).awardTypes).toEqual(before.awardTypes);
  });
});

describe("the storefront's start with awards", () => {
  /** A person (with points to spend or not) holding open awards of the given values, signed in. */
  async function holder(usesPoints: boolean, ...values: number[]) {
    const owner = await person("2015-06-01", null, JSON.stringify({ usesPoints }));
    const awards = [];
    for (const [index, valueCents] of values.entries()) {
      const type = await acme
        .insertInto("service_award_type", { name: `Start ${randomUUID()}`, years_service: 40 + index, value_cents: valueCents })
        .returning("id")
        .executeTakeFirstOrThrow();
      awards.push(
        await acme
          .insertInto("service_award", { employee_id: owner.id, award_type_id: type.id, years_service: 40 + index, anniversary: "2026-06-01" })
          .returning("id")
          .executeTakeFirstOrThrow(),
      );
    }
    const { cookie } = await signInAs(testApp.app, "acme", owner.loginId);
    const open = async (route: Parameters<typeof call>[0], path: string, params: Record<string, string> = {}) => {
      const response = (await call(route, requestTo("acme", path, { cookie }), params)) as Response;
      return response.status === 200 ? { page: await response.json() } : { location: response.headers.get("Location") };
    };
    return { owner, awards, open };
  }

  it("offers award credit or points (page 1); credit of one award preselects it on page 3, whose gift cards are priced by the award", async () => {
    const { awards, open } = await holder(true, 5_000);
    const [award] = awards;
    expect((await open(shopLoader, "/storefront")).page).toMatchObject({ page: "shop-with", awardCredit: { count: 1, value: "$50.00" }, wallet: { points: expect.any(Number) } });
    expect(await open(selectAwardLoader, "/storefront/awards")).toEqual({ location: `/storefront/awards/${award!.id}` });
    const preselected = await open(awardStoresLoader, `/storefront/awards/${award!.id}`, { awardId: String(award!.id) });
    expect(preselected.page).toMatchObject({ page: "choose-store", wallet: null, award: { value: "$50.00" } });
    expect(preselected.page.stores).toEqual([expect.objectContaining({ label: "Digital Gift Card", href: `/storefront/awards/${award!.id}/gift-card` })]);
    const withPoints = await open(pointsStoresLoader, "/storefront/points");
    expect(withPoints.page).toMatchObject({ page: "choose-store", award: null });
    expect(withPoints.page.stores).toEqual([expect.objectContaining({ label: "Digital Gift Card", href: "/storefront/gift-cards" })]);
  });

  it("starts at page 2 for several awards and no points, and lists each; page 1's credit leads there too", async () => {
    const noPoints = await holder(false, 2_000, 3_000);
    const selecting = await noPoints.open(shopLoader, "/storefront");
    expect(selecting.page).toMatchObject({ page: "select-award", wallet: null });
    expect(selecting.page.awards.map((award: { id: number; value: string }) => [award.id, award.value])).toEqual([
      [noPoints.awards[0]!.id, "$20.00"],
      [noPoints.awards[1]!.id, "$30.00"],
    ]);
    const withPoints = await holder(true, 2_000, 3_000);
    expect((await withPoints.open(shopLoader, "/storefront")).page).toMatchObject({ page: "shop-with", awardCredit: { count: 2, value: "$50.00" } });
    expect((await withPoints.open(selectAwardLoader, "/storefront/awards")).page).toMatchObject({ page: "select-award" });
  });

  it("takes the one award of someone without points to page 3; an award of no value is the shop's error with gift cards only; no awards and no points, the error", async () => {
    const one = await holder(false, 4_000);
    expect(await one.open(shopLoader, "/storefront")).toEqual({ location: `/storefront/awards/${one.awards[0]!.id}` });
    const nothing = await holder(false, 0);
    expect(await nothing.open(shopLoader, "/storefront")).toEqual({ location: "/feed" });
    expect(await nothing.open(awardStoresLoader, `/storefront/awards/${nothing.awards[0]!.id}`, { awardId: String(nothing.awards[0]!.id) })).toEqual({ location: "/feed" });
    const empty = await holder(false);
    expect(await empty.open(shopLoader, "/storefront")).toEqual({ location: "/feed" });
    expect(await empty.open(awardStoresLoader, `/storefront/awards/${one.awards[0]!.id}`, { awardId: String(one.awards[0]!.id) })).toEqual({ location: "/feed" });
  });

  it("shows what changed since the last visit wherever the change was made: an award, its type's value, the points, a brand switched off", async () => {
    const { owner, open } = await holder(true);
    const start = async () => (await open(shopLoader, "/storefront")).page;
    expect(await start()).toMatchObject({ page: "choose-store", award: null });
    const type = await acme.insertInto("service_award_type", { name: `Kept ${randomUUID()}`, years_service: 60, value_cents: 1_000 }).returning("id").executeTakeFirstOrThrow();
    await acme.insertInto("service_award", { employee_id: owner.id, award_type_id: type.id, years_service: 60, anniversary: "2026-06-01" }).execute();
    expect(await start()).toMatchObject({ page: "shop-with", awardCredit: { count: 1, value: "$10.00" } });
    await acme.updateTable("service_award_type").set({ value_cents: 2_500 }).where("id", "=", type.id).execute();
    const withAward = await start();
    expect(withAward).toMatchObject({ awardCredit: { count: 1, value: "$25.00" } });
    await transfer(acme, { idempotencyKey: `kept-${randomUUID()}`, kind: "ADJUSTMENT", amount: 40, reason: "test", actorId: null, to: { kind: "SHOPPING", employeeId: owner.id } });
    expect((await start()).wallet.points).toBe(withAward.wallet.points + 40);
    const brands = async () => (await open(giftCardsLoader, "/storefront/gift-cards")).page.brands.map((brand: { key: string }) => brand.key);
    expect(await brands()).toContain("northwind-books");
    await acme.insertInto("storefront_brand_off", { brand_key: "northwind-books" }).execute();
    expect(await brands()).not.toContain("northwind-books");
    await acme.deleteFrom("storefront_brand_off").where("brand_key", "=", "northwind-books").execute();
    expect(await brands()).toContain("northwind-books");
  });

  it("starts at page 3 for points when there are no awards", async () => {
    const { open } = await holder(true);
    const page = (await open(shopLoader, "/storefront")).page;
    expect(page).toMatchObject({ page: "choose-store", award: null });
    expect(page.stores.map((store: { label: string }) => store.label)).toEqual(["Digital Gift Card"]);
  });
});
