import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_MARKERS, chunkOffsets, mp4, webm } from "../../../tests/setup/videos";
import { inspectVideo, writeIndexFirst } from "./video-container.server";

let dir: string;
beforeAll(async () => (dir = await fs.mkdtemp(path.join(os.tmpdir(), "video-container-"))));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function inspect(bytes: Buffer) {
  const file = path.join(dir, `${Math.random()}.bin`);
  await fs.writeFile(file, bytes);
  const handle = await fs.open(file);
  try {
    return await inspectVideo(handle);
  } finally {
    await handle.close();
  }
}

/** The file with its index moved first, as processing writes it. */
async function indexFirst(bytes: Buffer) {
  const source = path.join(dir, `${Math.random()}.mp4`);
  const target = `${source}.out`;
  await fs.writeFile(source, bytes);
  const input = await fs.open(source);
  const output = await fs.open(target, "w");
  try {
    const inspection = await inspectVideo(input);
    if (!inspection.ok || !inspection.moveIndex) throw new Error("nothing to move");
    await writeIndexFirst(input, output, inspection.moveIndex);
  } finally {
    await input.close();
    await output.close();
  }
  return fs.readFile(target);
}

const markersAt = (file: Buffer) => chunkOffsets(file).map((offset) => file.toString("latin1", offset, offset + CHUNK_MARKERS[0].length));

describe("a video's container", () => {
  it("gives an MP4's length, size and codecs; one whose index comes first is left as it is", async () => {
    const result = await inspect(mp4({ indexFirst: true, width: 1920, height: 1080, durationMs: 12_345 }));
    expect(result).toEqual({ ok: true, facts: { durationMs: 12_345, width: 1920, height: 1080, codecs: ["avc1"] }, moveIndex: null });
  });

  it("moves an index that follows the media before it, its chunk offsets still pointing at the same bytes", async () => {
    for (const wideOffsets of [false, true]) {
      const original = mp4({ wideOffsets, mediaBytes: 256 * 1024 });
      expect(markersAt(original)).toEqual(CHUNK_MARKERS);
      const moved = await indexFirst(original);
      expect(moved.length).toBe(original.length);
      expect(moved.indexOf("moov", 0, "latin1")).toBeLessThan(moved.indexOf("mdat", 0, "latin1"));
      expect(markersAt(moved)).toEqual(CHUNK_MARKERS);
      expect(await inspect(moved)).toMatchObject({ ok: true, moveIndex: null });
    }
  });

  it("refuses a video no browser plays, a file with no video, and a broken one", async () => {
    expect(await inspect(mp4({ codec: "apcn" }))).toEqual({ ok: false, reason: "no video track a browser plays (apcn)" });
    expect(await inspect(mp4({ audioOnly: true }))).toEqual({ ok: false, reason: "no video track" });
    // A video that lasts no time has no frame to play (the feed then says 'Video Processing Error…').
    expect(await inspect(mp4({ durationMs: 0 }))).toEqual({ ok: false, reason: "no frames to play (it lasts 0 seconds)" });
    const whole = mp4();
    expect(await inspect(whole.subarray(0, whole.length - 10))).toMatchObject({ ok: false, reason: 'the "moov" box does not fit the file' });
    const header = Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypmp42"), 0, 0, 0, 0, ...Buffer.from("mp42isom")]);
    expect(await inspect(Buffer.concat([header, Buffer.alloc(1024)]))).toMatchObject({ ok: false });
  });

  it("reads a WebM's header and tracks", async () => {
    expect(await inspect(webm({ width: 1280, height: 720, durationMs: 3500 }))).toEqual({
      ok: true,
      facts: { durationMs: 3500, width: 1280, height: 720, codecs: ["V_VP9"] },
      moveIndex: null,
    });
    expect(await inspect(webm({ codec: "V_MPEG4/ISO/AVC" }))).toEqual({ ok: false, reason: "no video track a browser plays (V_MPEG4/ISO/AVC)" });
  });
});
