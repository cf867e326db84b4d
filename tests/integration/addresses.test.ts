import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { addressSchema } from "~/modules/addresses/address-form.server";
import { addAddress, addressesOf, deleteAddress, MAX_ADDRESSES, setDefaultAddress, TooManyAddresses } from "~/modules/addresses/addresses.server";
import { countryList } from "~/modules/addresses/countries.server";
import { action, loader } from "~/routes/settings.addresses";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
let acme: ProgramDb;
beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
});
afterAll(() => testApp.close());

/** A person of their own for each test: addresses are never shared between tests. */
async function person() {
  const loginId = `addr-${Math.random().toString(36).slice(2, 10)}`;
  const { id } = await acme
    .insertInto("employee", { login_id: loginId, first_name: "Ada", last_name: "Dress", display_name: "Ada Dress", email: `${loginId}@acme.example.com`, employee_type: "EMPLOYEE", permissions: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, ...(await signInAs(testApp.app, "acme", loginId)) };
}

const home = { recipient: "Ada Dress", line1: "1 Main Street", line2: null, city: null, state: null, postalCode: "10001", country: "US" };

describe("addresses", () => {
  it("lists countries from a kept list, by name, with the usual ones in it", () => {
    const countries = countryList();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ code: "DE", name: "Germany" });
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("checks a new address: required fields, lengths, a known country; city and state only when the program asks for them", () => {
    const plain = addressSchema({ cityStateEnabled: false });
    const refused = plain.safeParse({ recipient: " ", line1: "", country: "ZZ", postalCode: "10001!" });
    expect(refused.success).toBe(false);
    expect(Object.fromEntries(refused.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      recipient: "Enter the recipient's name",
      line1: "Enter the street address",
      postalCode: "Use letters, digits, spaces and hyphens",
      country: "Choose a country",
    });
    expect(plain.parse({ recipient: "Ada", line1: "1 Main St", country: "GB", postalCode: "sw1a 1aa", city: "London" })).toEqual({
      recipient: "Ada",
      line1: "1 Main St",
      line2: null,
      city: null,
      state: null,
      postalCode: "SW1A 1AA",
      country: "GB",
    });
    const withCity = addressSchema({ cityStateEnabled: true });
    expect(withCity.safeParse({ recipient: "Ada", line1: "1 Main St", country: "US" }).error?.issues.map((i) => i.message)).toEqual(["Enter the city"]);
    expect(withCity.parse({ recipient: "Ada", line1: "1 Main St", country: "US", city: "Springfield", state: "IL" })).toMatchObject({ city: "Springfield", state: "IL" });
  });

  it("makes the first address the default, moves the default on request, and passes it on when the default is deleted", async () => {
    const ada = await person();
    const first = await addAddress(acme, ada.id, home);
    const second = await addAddress(acme, ada.id, { ...home, line1: "2 Side Street" });
    expect((await addressesOf(acme, ada.id)).map((a) => [a.id, a.isDefault])).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(await setDefaultAddress(acme, ada.id, second)).toBe(true);
    expect((await addressesOf(acme, ada.id)).map((a) => [a.id, a.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(await deleteAddress(acme, ada.id, second)).toBe(true);
    expect((await addressesOf(acme, ada.id)).map((a) => [a.id, a.isDefault])).toEqual([[first, true]]);
    expect((await addressesOf(acme, ada.id))[0]!.lines).toEqual(["Ada Dress", "1 Main Street", "10001", "United States"]);
  });

  it("never touches someone else's address, and keeps at most ten each", async () => {
    const ada = await person();
    const bob = await person();
    const bobs = await addAddress(acme, bob.id, home);
    expect(await setDefaultAddress(acme, ada.id, bobs)).toBe(false);
    expect(await deleteAddress(acme, ada.id, bobs)).toBe(false);
    expect(await addressesOf(acme, bob.id)).toHaveLength(1);
    for (let i = 1; i < MAX_ADDRESSES; i++) await addAddress(acme, bob.id, home);
    await expect(addAddress(acme, bob.id, home)).rejects.toBeInstanceOf(TooManyAddresses);
  });

  it("through the page: adds with errors beside the fields and what was typed kept, sets a default, deletes", async () => {
    const ada = await person();
    const post = (fields: Record<string, string>) =>
      settle(() => action({ request: formPost("acme", "/settings/addresses", fields, ada.cookie), context: contextFor(testApp.app, "acme"), params: {} })) as Promise<Response>;
    const refused = await post({ recipient: "Ada", line1: "", country: "" });
    expect(refused.status).toBe(400);
    const reply = await refused.json();
    expect(reply.error).toMatchObject({ line1: ["Enter the street address"], country: ["Choose a country"] });
    expect(reply.initialValue.recipient).toBe("Ada");
    expect(await addressesOf(acme, ada.id)).toEqual([]);

    expect((await post({ recipient: "Ada", line1: "1 Main St", country: "FR" })).headers.get("Location")).toBe("/settings/addresses");
    expect((await post({ recipient: "Ada", line1: "9 Rue Neuve", country: "FR" })).headers.get("Location")).toBe("/settings/addresses");
    const [, other] = await addressesOf(acme, ada.id);
    await post({ intent: "default", id: String(other!.id) });
    expect((await addressesOf(acme, ada.id))[0]).toMatchObject({ id: other!.id, isDefault: true });
    await post({ intent: "delete", id: String(other!.id) });
    expect((await addressesOf(acme, ada.id)).map((a) => a.isDefault)).toEqual([true]);

    const page = await (
      (await loader({ request: requestTo("acme", "/settings/addresses", { cookie: ada.cookie }), context: contextFor(testApp.app, "acme"), params: {} })) as Response
    ).json();
    expect(page.addresses).toHaveLength(1);
    expect(page.readOnly).toBeNull();
  });

  it("is another program's nowhere: globex cannot list or delete an acme address", async () => {
    const ada = await person();
    const id = await addAddress(acme, ada.id, home);
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await globex.selectFrom("address").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await deleteAddress(globex, ada.id, id)).toBe(false);
    expect(await addressesOf(acme, ada.id)).toHaveLength(1);
  });
});
