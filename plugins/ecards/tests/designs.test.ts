import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import type { EcardComposerView } from "../composer.server";
import { designMessages } from "../design-library.server";
import { ecardsConfigData } from "../config-data.server";
import { exportTenant } from "~/modules/tenants/transfer.server";
import { action as designsAction, loader as designsLoader } from "../routes/ecard.admin.designs";
import { loader as newLoader } from "../routes/ecard.new._index";
import { loader as designArt } from "../routes/ecard.designs.$file";

let testApp: TestApp;
let acme: ProgramDb;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  for (const loginId of ["admin", "employee"]) cookies[loginId] = (await signInAs(testApp.app, "acme", loginId)).cookie;
  cookies.globex = (await signInAs(testApp.app, "globex", "admin")).cookie;
});
afterAll(() => testApp.close());

type Route = (args: never) => Promise<unknown>;
const call = async (route: Route, request: Request, subdomain = "acme", params: Record<string, string> = {}) =>
  (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params }))) as Response;

function upload(fields: Record<string, string>, file?: { bytes: BlobPart; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("picture", new Blob([file.bytes]), file.name);
  const url = requestTo("acme", "/ecard/admin/designs?upload").url;
  return call(designsAction, new Request(url, { method: "POST", body: form, headers: { cookie: cookies.admin! } }));
}

const toggle = (design: string, intent: string) => call(designsAction, requestTo("acme", "/ecard/admin/designs", { method: "POST", body: new URLSearchParams({ design, intent }), cookie: cookies.admin }));

async function offered(who = "employee") {
  const response = await call(newLoader, requestTo("acme", "/ecard/new", { cookie: cookies[who] }));
  return ((await response.json()) as { view: EcardComposerView }).view.designs;
}

describe("eCard designs", () => {
  it("a program manager adds the program's own: the picture cropped to the eCard canvas, described and categorised; refused beside each field, what was typed kept", async () => {
    const refused = await upload({ title: "  ", category: "Party" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ ok: false, errors: { title: [designMessages.noTitle], category: [designMessages.noCategory], picture: [designMessages.noFile] }, typed: { title: "  ", category: "Party" } });
    const notAPicture = await upload({ title: "Team photo", category: "Thank You" }, { bytes: "just words", name: "team.png" });
    expect(((await notAPicture.json()) as { errors: Record<string, string[]> }).errors.picture).toEqual(["This file is not an image. Choose a JPEG, PNG, WebP or GIF picture."]);

    const square = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#225588" } }).png().toBuffer();
    const added = await upload({ title: "The whole team on the roof", category: "Thank You" }, { bytes: new Uint8Array(square), name: "team.png" });
    expect(added.headers.get("Location")).toBe("/ecard/admin/designs");
    const stored = await acme.selectFrom("ecard_design").innerJoin("asset", "asset.id", "ecard_design.asset_id").select(["ecard_design.id", "asset.width", "asset.height"]).executeTakeFirstOrThrow();
    expect([stored.width, stored.height]).toEqual([700, 394]);
    const own = `p${stored.id}`;
    expect(await offered()).toContainEqual({ id: own, category: "Thank You", title: "The whole team on the roof", src: expect.stringMatching(/^\/assets\//) });

    // Turned off, it is offered no more; another program never sees it.
    expect((await toggle(own, "off")).status).toBe(302);
    expect((await offered()).map((design) => design.id)).not.toContain(own);
    expect((await toggle(own, "on")).status).toBe(302);
    expect((await offered()).map((design) => design.id)).toContain(own);
    const globexPage = (await (await call(designsLoader, requestTo("globex", "/ecard/admin/designs", { cookie: cookies.globex }), "globex")).json()) as { own: unknown[] };
    expect(globexPage.own).toEqual([]);
    expect(await testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId).selectFrom("ecard_design").select("id").execute()).toEqual([]);
  });

  it("hides a library design from this program and offers it again; only program managers manage designs", async () => {
    expect((await offered()).map((design) => design.id)).toContain("farewell-leaves");
    await toggle("farewell-leaves", "hide");
    expect((await offered()).map((design) => design.id)).not.toContain("farewell-leaves");
    const page = (await (await call(designsLoader, requestTo("acme", "/ecard/admin/designs", { cookie: cookies.admin }))).json()) as { library: { id: string; shown: boolean }[] };
    expect(page.library.find((design) => design.id === "farewell-leaves")).toMatchObject({ shown: false });
    // The tenant's export carries it (data.ecards), and a file's copy replaces the program's.
    expect(JSON.parse(await exportTenant(testApp.app, "acme")).data.ecards).toEqual({ hiddenLibraryDesigns: ["farewell-leaves"] });
    await ecardsConfigData.replace(acme, { hiddenLibraryDesigns: ["thanks-leaves"] });
    expect((await offered()).map((design) => design.id)).toEqual(expect.arrayContaining(["farewell-leaves"]));
    expect((await offered()).map((design) => design.id)).not.toContain("thanks-leaves");
    await toggle("thanks-leaves", "show");
    expect((await offered()).map((design) => design.id)).toContain("thanks-leaves");

    const asEmployee = await call(designsAction, requestTo("acme", "/ecard/admin/designs", { method: "POST", body: new URLSearchParams({ design: "thanks-stars", intent: "hide" }), cookie: cookies.employee }));
    expect(asEmployee.headers.get("Location")).toBe("/feed");
    expect((await offered()).map((design) => design.id)).toContain("thanks-stars");
  });

  it("draws each library design as an SVG of the eCard canvas, titled, and as a PNG; an unknown one is not found", async () => {
    const art = await call(designArt as Route, requestTo("acme", "/ecard/designs/thanks-stars.svg"), "acme", { file: "thanks-stars.svg" });
    expect(art.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await art.text()).toMatch(/^<svg[^>]*width="700" height="394"[\s\S]*<title>Thank you, with stars<\/title>/);
    expect((await call(designArt as Route, requestTo("acme", "/ecard/designs/nope.svg"), "acme", { file: "nope.svg" })).status).toBe(404);
    // For e-mails, which do not show SVG: the same design as a PNG of the canvas.
    const png = await call(designArt as Route, requestTo("acme", "/ecard/designs/thanks-stars.png"), "acme", { file: "thanks-stars.png" });
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 700, height: 394 });
  });
});
