import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isBadInput } from "~/modules/http/bad-input.server";
import { withStreamedUpload, type StreamedUpload } from "./streamed-upload.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "streamed-upload-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const BOUNDARY = "----form7MA4YWxkTrZu0gW";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart body as a browser sends it, in small chunks. */
function multipart(parts: Part[], { end = `--${BOUNDARY}--\r\n` } = {}) {
  const body = Buffer.concat([
    ...parts.flatMap(({ name, value, filename }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"\r\nContent-Type: application/octet-stream`}\r\n\r\n`,
      ),
      Buffer.from(value),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(end),
  ]);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.length; at += 16 * 1024) controller.enqueue(body.subarray(at, at + 16 * 1024));
      controller.close();
    },
  });
  return new Request("http://app.test/upload", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }, body: stream, duplex: "half" } as RequestInit);
}

/** What `use` saw: the fields, and the file's name, size and digest while it was on disk. */
function read(request: Request, kind: "image" | "video" = "image") {
  return withStreamedUpload(request, { dataDir, field: "picture", kind }, async (upload: StreamedUpload) => {
    if (!upload.ok) return { tooLarge: true as const };
    const file = upload.file && { name: upload.file.name, size: upload.file.size, sha256: sha256(fs.readFileSync(upload.file.path)), inDataDir: upload.file.path.startsWith(path.join(dataDir, "tmp", "uploads")) };
    return { fields: Object.fromEntries([...upload.form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `file ${value.name}`])), file };
  });
}

describe("a streamed upload", () => {
  it("writes the field's file to a folder of its own, reads the other fields, and removes the folder after", async () => {
    const picture = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
    const result = await read(multipart([{ name: "title", value: "Summer party ☀" }, { name: "picture", value: picture, filename: "C:\\photos\\../summer <1>.png" }, { name: "alt", value: "Us" }]));
    expect(result).toEqual({ fields: { title: "Summer party ☀", alt: "Us" }, file: { name: "summer _1_.png", size: picture.length, sha256: sha256(picture), inDataDir: true } });
    expect(fs.readdirSync(path.join(dataDir, "tmp", "uploads"))).toEqual([]);
  });

  it("has no file where none was chosen, and an empty one where an empty file was", async () => {
    expect(await read(multipart([{ name: "picture", value: "", filename: "" }]))).toMatchObject({ file: null });
    expect(await read(multipart([{ name: "title", value: "no file" }]))).toEqual({ fields: { title: "no file" }, file: null });
    expect(await read(multipart([{ name: "picture", value: "", filename: "empty.png" }]))).toMatchObject({ file: { name: "empty.png", size: 0 } });
  });

  it("stops at the kind's limit, and at 100 KB for any other part", async () => {
    expect(await read(multipart([{ name: "picture", value: Buffer.alloc(10 * 1024 * 1024 + 1), filename: "big.png" }]))).toEqual({ tooLarge: true });
    expect(await read(multipart([{ name: "picture", value: Buffer.alloc(10 * 1024 * 1024), filename: "edge.png" }]))).toMatchObject({ file: { size: 10 * 1024 * 1024 } });
    expect(await read(multipart([{ name: "title", value: "x".repeat(100 * 1024 + 1) }]))).toEqual({ tooLarge: true });
    expect(await read(multipart([{ name: "other", value: Buffer.alloc(100 * 1024 + 1), filename: "other.bin" }]))).toEqual({ tooLarge: true });
    expect(await read(multipart([{ name: "other", value: "small", filename: "other.bin" }]))).toEqual({ fields: { other: "file other.bin" }, file: null });
    expect(fs.readdirSync(path.join(dataDir, "tmp", "uploads"))).toEqual([]);
  });

  it("refuses a body that is not a multipart form, or breaks off, as the client's error", async () => {
    const refused = async (request: Request) => {
      const error = await read(request).then(() => null, (thrown: unknown) => thrown);
      expect(isBadInput(error)).toBe(true);
    };
    await refused(new Request("http://app.test/upload", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
    await refused(new Request("http://app.test/upload", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "--x--" }));
    await refused(multipart([{ name: "picture", value: Buffer.alloc(64 * 1024), filename: "cut.png" }], { end: "" }));
    await refused(multipart([{ name: "other", value: Buffer.alloc(64 * 1024), filename: "cut.bin" }], { end: "" }));
    await refused(multipart([{ name: "title", value: "cut" }], { end: "" }));
    expect(fs.readdirSync(path.join(dataDir, "tmp", "uploads"))).toEqual([]);
  });

  it("throws a file it cannot write as its own failure, not the client's", async () => {
    const blocked = fs.mkdtempSync(path.join(os.tmpdir(), "streamed-upload-blocked-"));
    fs.writeFileSync(path.join(blocked, "tmp"), "a file where the uploads' folder would be");
    const request = multipart([{ name: "picture", value: Buffer.alloc(256 * 1024), filename: "kept.png" }]);
    const error = await withStreamedUpload(request, { dataDir: blocked, field: "picture", kind: "image" }, async () => null).then(() => null, (thrown: unknown) => thrown);
    fs.rmSync(blocked, { recursive: true, force: true });
    expect(error).toMatchObject({ code: "ENOTDIR" });
    expect(isBadInput(error)).toBe(false);
  });
});
