import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as assetRoute } from "~/routes/assets.$id.$name";
import { fileStore, type BlobStore } from "~/modules/storage/blob-store.server";
import { findAsset, readAsset, storeCommonAsset, storeUpload } from "~/modules/storage/assets.server";
import { crossProgramDb } from "~/modules/db/database.server";
import { BAD_CROP, processImage } from "~/modules/storage/images.server";
import { s3Store } from "~/modules/storage/s3-store.server";
import { sniffUpload } from "~/modules/storage/sniff.server";
import { downloadName } from "~/modules/storage/upload-kinds";
import { contextFor, createTestApp, requestTo, settle, tenantOf, type TestApp } from "../setup/test-app";

/** A photo as a phone takes it: sideways (EXIF orientation 6), with GPS and camera metadata. */
async function phonePhoto(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneCo", Model: "Snapper 9" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

const EXE_AS_PNG = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"), Buffer.alloc(2048, 7)]);

describe("uploads are checked by their content", () => {
  it("refuses a program renamed .png, an empty file and an oversized picture, with clear messages", async () => {
    expect(await sniffUpload(EXE_AS_PNG, "cat.png", "image")).toEqual({ ok: false, message: "This file is not an image. Choose a JPEG, PNG, WebP or GIF picture." });
    expect(await sniffUpload(Buffer.alloc(0), "empty.png", "image")).toEqual({ ok: false, message: "This file is empty." });
    const huge = Buffer.concat([await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer(), Buffer.alloc(50 * 1024 * 1024)]);
    expect(await sniffUpload(huge, "huge.png", "image")).toEqual({ ok: false, message: "Images must be at most 10 MB." });
  });

  it("takes the type from the bytes, and text types only when the bytes are text", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    expect(await sniffUpload(png, "picture.jpg", "image")).toEqual({ ok: true, contentType: "image/png" });
    expect(await sniffUpload(Buffer.from("name,points\nAda,10\n"), "points.csv", "file")).toEqual({ ok: true, contentType: "text/csv" });
    expect((await sniffUpload(Buffer.from([0, 1, 2, 3, 0, 9]), "points.csv", "file")).ok).toBe(false);
    expect((await sniffUpload(png, "clip.mp4", "video")).ok).toBe(false);
  });

  it("names downloads by the spec: forbidden characters removed, the type's extension, unknown as .bin", () => {
    expect(downloadName('Q4 <report>: "final"?.pdf', "application/pdf")).toBe("Q4 report final.pdf");
    expect(downloadName("data.exe", "application/x-msdownload")).toBe("data.bin");
    expect(downloadName("...", "text/plain")).toBe("download.txt");
  });
});

describe("pictures are re-encoded", () => {
  it("upright, cropped to the purpose's ratio and canvas, as JPEG without EXIF or GPS", async () => {
    const photo = await phonePhoto(3000, 2000); // upright it is 2000 wide, 3000 high
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const avatar = await processImage(photo, "avatar");
    if (!avatar.ok) throw new Error(avatar.message);
    const meta = await sharp(avatar.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(["jpeg", 480, 480, undefined, undefined]);

    const expectSize = async (purpose: Parameters<typeof processImage>[1], input: Buffer, size: [number, number]) => {
      const result = await processImage(input, purpose);
      expect(result.ok && [result.width, result.height]).toEqual(size);
    };
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#fff" } }).png().toBuffer();
    await expectSize("feed", wide, [1000, 563]); // 3:1 is cropped to 16:9, on the spec's canvas
    await expectSize("feed", photo, [375, 563]); // 2:3 is within 9:16 and 16:9: kept
    await expectSize("ecard", wide, [700, 394]);
    await expectSize("meIn3", photo, [640, 760]);
    await expectSize("celebrationBoard", photo, [305, 244]);
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#fff" } }).jpeg().toBuffer();
    await expectSize("plain", big, [1920, 1440]);
  });

  it("takes the area the person chose, and refuses one outside the picture or of another shape", async () => {
    const photo = await phonePhoto(3000, 2000);
    const chosen = await processImage(photo, "avatar", { x: 100, y: 900, width: 1000, height: 1000 });
    expect(chosen.ok && [chosen.width, chosen.height]).toEqual([480, 480]);
    expect(await processImage(photo, "avatar", { x: 1500, y: 0, width: 1000, height: 1000 })).toEqual({ ok: false, message: BAD_CROP });
    expect(await processImage(photo, "avatar", { x: 0, y: 0, width: 1000, height: 600 })).toEqual({ ok: false, message: BAD_CROP });
  });
});

let testApp: TestApp;
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
  dirs.push(dir);
  return dir;
}
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

beforeAll(async () => {
  testApp = await createTestApp({ population: 2 });
});
afterAll(async () => {
  await testApp.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function roundTrip(store: BlobStore) {
  const { app } = testApp;
  const acme = app.database.forProgram(tenantOf(app, "acme").programId);
  const other = app.database.forProgram(tenantOf(app, app.tenants.list().find((t) => t.config.subdomain !== "acme")!.config.subdomain).programId);
  const stored = await storeUpload(store, acme, { bytes: await phonePhoto(1200, 900), fileName: "Me at the beach.HEIC.jpg", kind: "image", purpose: "avatar", employeeId: null });
  if (!stored.ok) throw new Error(stored.message);
  expect(stored.asset).toMatchObject({ name: "Me at the beach.HEIC.jpg", contentType: "image/jpeg", programId: acme.programId, common: false, width: 480, height: 480 });
  const read = await readAsset(store, acme, stored.asset.id);
  const bytes = Buffer.from(await new Response(read!.bytes.body).arrayBuffer());
  expect((await sharp(bytes).metadata()).width).toBe(480);
  expect(await readAsset(store, other, stored.asset.id)).toBeNull();
  return stored.asset;
}

describe("the storage service", () => {
  it("keeps files in a directory, each program's under its own prefix, and a refused file stores nothing", async () => {
    const dir = tempDir();
    const store = fileStore(dir);
    const asset = await roundTrip(store);
    expect(filesUnder(dir)).toEqual([`${asset.id}.jpg`]);
    const acme = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
    const before = await acme.selectFrom("asset").select("id").execute();
    expect(await storeUpload(store, acme, { bytes: EXE_AS_PNG, fileName: "cat.png", kind: "image", employeeId: null })).toMatchObject({ ok: false });
    expect(filesUnder(dir)).toHaveLength(1);
    expect(await acme.selectFrom("asset").select("id").execute()).toEqual(before);
  });

  it("works against a real S3-compatible server", async () => {
    const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: tempDir(), configureBuckets: [{ name: "uploads", configs: [] }] });
    const { port } = await s3.run();
    try {
      const store = s3Store({ bucket: "uploads", endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true });
      const asset = await roundTrip(store);
      await store.delete(`p${asset.programId}/image/${asset.id}.jpg`);
      expect(await store.get(`p${asset.programId}/image/${asset.id}.jpg`)).toBeNull();
    } finally {
      await s3.close();
    }
  });

  it("serves a program's file under its own host only, with its type, caching and disposition", async () => {
    const { app } = testApp;
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    const csv = await storeUpload(app.storage, acme, { bytes: Buffer.from("name,points\nAda,10\n"), fileName: "Q4: points?.csv", kind: "file", employeeId: null });
    if (!csv.ok) throw new Error(csv.message);
    const get = (subdomain: string) =>
      settle(() => assetRoute({ request: requestTo(subdomain, csv.asset.source), params: { id: csv.asset.id, name: csv.asset.name }, context: contextFor(app, subdomain) }));
    const response = (await get("acme")) as Response;
    expect(response.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-disposition", "cache-control"].map((name) => [name, response.headers.get(name)]))).toEqual({
      "content-type": "text/csv",
      "content-disposition": `attachment; filename="Q4 points.csv"; filename*=UTF-8''Q4%20points.csv`,
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(await response.text()).toBe("name,points\nAda,10\n");
    const otherHost = app.tenants.list().find((t) => t.config.subdomain !== "acme")!.config.subdomain;
    expect(((await get(otherHost)) as Response).status).toBe(404);
    expect(((await settle(() => assetRoute({ request: requestTo("acme", "/assets/x/y"), params: { id: "../../etc/passwd", name: "y" }, context: contextFor(app, "acme") }))) as Response).status).toBe(404);
  });

  it("serves a part of a file when a Range asks for one (a video player seeking), and refuses a part outside it", async () => {
    const { app } = testApp;
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    const text = await storeUpload(app.storage, acme, { bytes: Buffer.from("0123456789".repeat(10)), fileName: "digits.txt", kind: "file", employeeId: null });
    if (!text.ok) throw new Error(text.message);
    const get = (range?: string) =>
      assetRoute({ request: requestTo("acme", text.asset.source, { headers: range ? { Range: range } : {} }), params: { id: text.asset.id, name: text.asset.name }, context: contextFor(app, "acme") });
    const part = await get("bytes=10-14");
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length"), await part.text()]).toEqual([206, "bytes 10-14/100", "5", "01234"]);
    const tail = await get("bytes=-3");
    expect([tail.status, await tail.text()]).toEqual([206, "789"]);
    const whole = await get();
    expect([whole.status, whole.headers.get("accept-ranges"), (await whole.text()).length]).toEqual([200, "bytes", 100]);
    const outside = await get("bytes=100-");
    expect([outside.status, outside.headers.get("content-range")]).toEqual([416, "bytes */100"]);
  });

  it("reads a file that moved to a new key between reading its row and reading its bytes (a video rewritten by its processing)", async () => {
    const { app } = testApp;
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    const dir = tempDir();
    const files = fileStore(dir);
    const stored = await storeUpload(files, acme, { bytes: Buffer.from("the rewritten file"), fileName: "clip.txt", kind: "file", employeeId: null });
    if (!stored.ok) throw new Error(stored.message);
    const { storage_key: oldKey } = await acme.selectFrom("asset").select("storage_key").where("id", "=", stored.asset.id).executeTakeFirstOrThrow();
    const newKey = oldKey.replace(/\.txt$/, "-moved.txt");
    // The processing job runs just after this request read the row: it stores the file anew, points the row at it, removes the old one.
    const racing: BlobStore = {
      ...files,
      async get(key, range) {
        if (key === oldKey) {
          await files.put(newKey, Buffer.from("the rewritten file"), "text/plain");
          await acme.updateTable("asset").set({ storage_key: newKey }).where("id", "=", stored.asset.id).execute();
          await files.delete(oldKey);
        }
        return files.get(key, range);
      },
    };
    const read = await readAsset(racing, acme, stored.asset.id);
    expect(await new Response(read!.bytes.body).text()).toBe("the rewritten file");
    await files.delete(newKey);
    expect(await readAsset(files, acme, stored.asset.id)).toBeNull();
  });

  it("keeps common assets (program 0), which every program serves", async () => {
    const { app } = testApp;
    const stored = await storeCommonAsset(app.storage, crossProgramDb(app.database), { bytes: await phonePhoto(1600, 900), fileName: "Thank you card.jpg", kind: "image", purpose: "ecard" });
    if (!stored.ok) throw new Error(stored.message);
    expect(stored.asset).toMatchObject({ programId: 0, common: true, contentType: "image/jpeg", width: 700, height: 394 });
    for (const tenant of app.tenants.list()) {
      const response = (await settle(() =>
        assetRoute({ request: requestTo(tenant.config.subdomain, stored.asset.source), params: { id: stored.asset.id, name: stored.asset.name }, context: contextFor(app, tenant.config.subdomain) }),
      )) as Response;
      expect([response.status, response.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    }
    const acme = app.database.forProgram(tenantOf(app, "acme").programId);
    expect((await findAsset(acme, stored.asset.id))?.asset).toEqual(stored.asset);
  });
});
