import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { findByEmails, isEmailList, lookUpPeople, membersOf, type LookupScope } from "~/modules/people/lookup.server";
import { addPicked, removePicked, type PickedPerson } from "~/modules/people/people";
import { transfer } from "~/modules/points/ledger.server";
import { loader as searchRoute } from "~/routes/people.search";
import { loader as profileRoute } from "~/routes/profile.$id";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
const ids = new Map<string, number>();

beforeAll(async () => {
  testApp = await createTestApp({ population: 40 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  for (const row of await acme.selectFrom("employee").select(["id", "login_id"]).execute()) ids.set(row.login_id, row.id);
});
afterAll(() => testApp.close());

const as = (loginId: string, roles: { isAdmin?: boolean; isSupervisor?: boolean } = {}, extra: Partial<LookupScope> = {}): LookupScope => ({
  viewer: { id: ids.get(loginId)!, isAdmin: roles.isAdmin ?? false, isSupervisor: roles.isSupervisor ?? false },
  ...extra,
});

async function found(text: string, scope: LookupScope) {
  const result = await lookUpPeople(acme, text, scope);
  if (result.tooShort) return "too short";
  return { people: result.people.map((p) => p.displayName), groups: result.groups.map((g) => g.name), shortcuts: result.shortcuts };
}

describe("the recipient lookup", () => {
  it("searches from 3 characters, by the start of any name word or the e-mail address, at most 3 of each", async () => {
    expect(await found("mo", as("employee"))).toBe("too short");
    expect(await found("  mo  ", as("employee"))).toBe("too short");
    expect(await found("morg", as("employee"))).toEqual({ people: ["Morgan Manager"], groups: [], shortcuts: [] });
    expect(await found("manager@acme", as("employee"))).toMatchObject({ people: ["Morgan Manager"] });
    expect(await found("Morgan Man", as("employee"))).toMatchObject({ people: ["Morgan Manager"] });
    expect(await found("Morgan Zzz", as("employee"))).toMatchObject({ people: [] });
    const engineering = await found("eng", as("employee"));
    expect(engineering).toMatchObject({ groups: ["Engineering"] });
    expect((await lookUpPeople(acme, "a%_", as("employee"))) as { people: unknown[] }).toMatchObject({ people: [] });
    // A synthetic first name shared by many: never more than 3.
    const many = await lookUpPeople(acme, "sof", as("employee"));
    expect(many.tooShort === false && many.people.length).toBeLessThanOrEqual(3);
  });

  it("ranks a first name's start before a last name's, and within each the people the viewer works with (team, recent recipients)", async () => {
    const person = async (first: string, last: string) =>
      (
        await acme
          .insertInto("employee", { login_id: `${first}.${last}`.toLowerCase(), first_name: first, last_name: last, display_name: `${first} ${last}`, employee_type: "EMPLOYEE", permissions: "{}" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    for (const first of ["Ava", "Greta", "Mia"]) await person(first, "Moreau");
    await person("Morwen", "Stranger");
    const recipient = await person("Morag", "Recipient");
    await transfer(acme, { idempotencyKey: "lookup-recent-recipient", kind: "AWARD", amount: 5, reason: "Thanks", actorId: ids.get("employee")!, from: { kind: "PROGRAM_BUCKET" }, to: { kind: "SHOPPING", employeeId: recipient } });
    expect(await found("Mor", as("employee"))).toMatchObject({ people: ["Morag Recipient", "Morgan Manager", "Morwen Stranger"] });
    expect(await found("Moreau", as("employee"))).toMatchObject({ people: ["Ava Moreau", "Greta Moreau", "Mia Moreau"] });
  });

  it("leaves out the viewer unless allowed, excluded ids, and people without a required permission or who hide from the feed", async () => {
    expect(await found("emery", as("employee"))).toMatchObject({ people: [] });
    expect(await found("emery", as("employee", {}, { allowSelf: true }))).toMatchObject({ people: ["Emery Employee"] });
    expect(await found("morg", as("employee", {}, { excludeIds: [ids.get("manager")!] }))).toMatchObject({ people: [] });
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ canGiveDiscretionaryPoints: true, canBeChosen: false }) }).where("id", "=", ids.get("manager")!).execute();
    expect(await found("morg", as("employee", {}, { permission: { name: "canBeChosen", fallback: true } }))).toMatchObject({ people: [] });
    expect(await found("alex", as("employee", {}, { permission: { name: "canBeChosen", fallback: true } }))).toMatchObject({ people: ["Alex Admin"] });
    await acme.updateTable("employee").set({ preferences: JSON.stringify({ hideFromMomentsFeed: true }) }).where("id", "=", ids.get("admin")!).execute();
    expect(await found("alex", as("employee", {}, { excludeHiddenFromFeed: true }))).toMatchObject({ people: [] });
    expect(await found("alex", as("employee"))).toMatchObject({ people: ["Alex Admin"] });
  });

  it("offers All Staff to admins and the downline shortcuts to supervisors, when their label matches", async () => {
    expect(await found("all", as("employee"))).toMatchObject({ shortcuts: [] });
    expect(await found("all sta", as("admin", { isAdmin: true, isSupervisor: true }))).toMatchObject({ shortcuts: ["ALL_STAFF"] });
    expect(await found("my d", as("manager", { isSupervisor: true }))).toMatchObject({ shortcuts: ["MY_DOWNLINE", "MY_DIRECT_REPORTS"] });
    expect(await found("my dir", as("manager", { isSupervisor: true }))).toMatchObject({ shortcuts: ["MY_DIRECT_REPORTS"] });
    expect(await found("my do", as("manager", { isSupervisor: true }))).toMatchObject({ shortcuts: ["MY_DOWNLINE"] });
    expect(await found("my d", as("employee"))).toMatchObject({ shortcuts: [] });
  });

  it("expands groups and shortcuts to their members, as the scope allows", async () => {
    const engineering = (await acme.selectFrom("employee_group").select("id").where("name", "=", "Engineering").executeTakeFirstOrThrow()).id;
    const members = await membersOf(acme, { group: engineering }, as("admin", { isAdmin: true }));
    expect(members.map((m) => m.displayName)).toEqual(expect.arrayContaining(["Morgan Manager", "Emery Employee"]));
    const direct = await membersOf(acme, { shortcut: "MY_DIRECT_REPORTS" }, as("manager", { isSupervisor: true }));
    const downline = await membersOf(acme, { shortcut: "MY_DOWNLINE" }, as("manager", { isSupervisor: true }));
    expect(direct.map((m) => m.displayName)).toContain("Emery Employee");
    expect(downline.length).toBeGreaterThanOrEqual(direct.length);
    expect(await membersOf(acme, { shortcut: "ALL_STAFF" }, as("manager", { isSupervisor: true }))).toEqual([]);
    const staff = await membersOf(acme, { shortcut: "ALL_STAFF" }, as("admin", { isAdmin: true }));
    expect(staff.map((m) => m.id)).not.toContain(ids.get("admin"));
    expect(staff.length).toBeGreaterThan(40);
  });

  it("looks pasted e-mail lists up, in name order, and names the addresses nobody has", async () => {
    expect(isEmailList("morgan")).toBe(false);
    expect(isEmailList("a@b.c")).toBe(true);
    const result = await findByEmails(acme, "Manager@acme.example.com, nobody@acme.example.com; <employee@acme.example.com>\nnewhire@globex.example.com", as("admin", { isAdmin: true }));
    expect(result.people.map((p) => p.displayName)).toEqual(["Emery Employee", "Morgan Manager"]);
    expect(result.unknown).toEqual(["nobody@acme.example.com", "newhire@globex.example.com"]);
  });
});

describe("the lookup's pages", () => {
  it("answer a signed-in person's picker as JSON, for a purpose, and send visitors to sign in", async () => {
    const { app } = testApp;
    const { cookie } = await signInAs(app, "acme", "manager");
    const search = (path: string, withCookie = cookie) =>
      settle(() => searchRoute({ request: requestTo("acme", path, { cookie: withCookie }), context: contextFor(app, "acme"), params: {} }));
    const response = (await search("/people/search?q=emery&for=mentions")) as Response;
    expect(await response.json()).toMatchObject({ tooShort: false, people: [{ displayName: "Emery Employee" }] });
    const excluded = (await search(`/people/search?q=emery&exclude=${ids.get("employee")},x,-1`)) as Response;
    expect(await excluded.json()).toMatchObject({ people: [] });
    expect(await ((await search("/people/search?q=em")) as Response).json()).toEqual({ tooShort: true });
    expect(((await search("/people/search?q=emery", "")) as Response).status).toBe(302);
  });

  it("show a profile of this program only", async () => {
    const { app } = testApp;
    const open = async (subdomain: string, id: string) => {
      const { cookie } = await signInAs(app, subdomain, "employee");
      return settle(() => profileRoute({ request: requestTo(subdomain, `/profile/${id}`, { cookie }), context: contextFor(app, subdomain), params: { id } }));
    };
    const profile = await open("acme", String(ids.get("manager")));
    expect(profile).toMatchObject({ status: 200 });
    expect(await (profile as Response).json()).toMatchObject({ person: { displayName: "Morgan Manager" }, manager: { displayName: "Alex Admin" }, groups: [{ name: "Engineering" }] });
    expect(((await open("globex", String(ids.get("manager")))) as Response).status).toBe(404);
    expect(((await open("acme", "1e3")) as Response).status).toBe(404);
  });
});

describe("a mention selection", () => {
  const picked = (person: PickedPerson) => person;

  it("merges duplicates, and keeps every group a member was picked through", () => {
    let selection = addPicked([], [1], null, picked);
    selection = addPicked(selection, [1, 2], "g7", picked);
    selection = addPicked(selection, [2, 3], "ALL_STAFF", picked);
    expect(selection).toEqual([
      { employeeId: 1, sources: ["g7"] },
      { employeeId: 2, sources: ["g7", "ALL_STAFF"] },
      { employeeId: 3, sources: ["ALL_STAFF"] },
    ]);
  });

  it("turns the rest of a group into individual mentions when one member is removed", () => {
    const selection = addPicked(addPicked([], [1, 2], "g7", picked), [3], "ALL_STAFF", picked);
    expect(removePicked(selection, 1)).toEqual([
      { employeeId: 2, sources: [] },
      { employeeId: 3, sources: ["ALL_STAFF"] },
    ]);
  });
});
