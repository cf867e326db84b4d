import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as avatarAction } from "~/routes/profile.avatar";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, type TestApp } from "../setup/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ population: 2 });
});
afterAll(() => testApp.close());

async function post(loginId: string, fields: Record<string, string | Blob>, fileName = "photo.jpg") {
  const { app } = testApp;
  const { cookie } = await signInAs(app, "acme", loginId);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") body.set(name, value);
    else body.set(name, value, fileName);
  }
  return (await settle(() => avatarAction({ request: requestTo("acme", "/profile/avatar", { method: "POST", body, cookie }), context: contextFor(app, "acme"), params: {} }))) as Response;
}

const photo = async () => new Blob([new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366cc" } }).jpeg().toBuffer())], { type: "image/jpeg" });
const avatarOf = async (loginId: string) =>
  (await testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId).selectFrom("employee").select("avatar_asset_id").where("login_id", "=", loginId).executeTakeFirstOrThrow()).avatar_asset_id;

describe("changing one's picture", () => {
  it("refuses what is not a picture, beside the field, and keeps the old one", async () => {
    const response = await post("employee", { picture: new Blob([new Uint8Array(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 1)]))]) }, "cat.png");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "This file is not an image. Choose a JPEG, PNG, WebP or GIF picture." });
    expect(await post("employee", { picture: new Blob([]) })).toMatchObject({ status: 400 });
    expect(await post("employee", { picture: await photo(), x: "1", y: "2" })).toMatchObject({ status: 400 });
    expect(await avatarOf("employee")).toBeNull();
  });

  it("takes the cropper's area, or the centre and then a second step's framing", async () => {
    const cropped = await post("employee", { picture: await photo(), x: "100", y: "50", width: "400", height: "400" });
    expect(cropped.status).toBe(302);
    expect(cropped.headers.get("location")).toMatch(/^\/profile\/\d+$/);
    const first = await avatarOf("employee");
    expect(first).not.toBeNull();

    const centred = await post("employee", { picture: await photo() });
    const step = centred.headers.get("location")!;
    expect(step).toMatch(/^\/profile\/avatar\?original=[0-9a-f-]{36}$/);
    const original = new URL(step, "http://x").searchParams.get("original")!;
    expect(await avatarOf("employee")).not.toBe(first);

    // Someone else cannot frame that picture; its uploader can.
    expect(await (await post("manager", { intent: "crop", original, x: "0", y: "0", size: "300" })).json()).toEqual({ error: "That picture is no longer here. Upload it again." });
    expect(await post("employee", { intent: "crop", original, x: "700", y: "0", size: "300" })).toMatchObject({ status: 400 });
    const framed = await post("employee", { intent: "crop", original, x: "0", y: "0", size: "300" });
    expect(framed.status).toBe(302);
    const id = await avatarOf("employee");
    const response = await testApp.app.storage.get((await testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId).selectFrom("asset").select("storage_key").where("id", "=", id!).executeTakeFirstOrThrow()).storage_key);
    const meta = await sharp(Buffer.from(await new Response(response!.body).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([480, 480]); // the spec's avatar canvas, whatever the area's size
  });
});
