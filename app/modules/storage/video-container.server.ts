import type { FileHandle } from "node:fs/promises";

/** What a video's container says of it. */
export interface VideoFacts {
  durationMs: number | null;
  /** As displayed (a track's own size, rotation applied). */
  width: number | null;
  height: number | null;
  /** Its tracks' codecs, as the container names them (avc1, mp4a, V_VP9...). */
  codecs: string[];
}

/** Where an MP4's index is, when it follows the media (a camera's order) and a player must read the whole file to start. */
interface MovedIndex {
  moov: { start: number; size: number };
  /** The index with its chunk offsets moved to where they will be once the index goes first. */
  patched: Buffer;
  /** The top-level boxes in their order in the file. */
  boxes: TopBox[];
}

/** A video that lasts no time has no frame to play: a player would wait for ever. */
const NO_FRAMES = "no frames to play (it lasts 0 seconds)";

export type Inspection = { ok: true; facts: VideoFacts; moveIndex: MovedIndex | null } | { ok: false; reason: string };

/** Video codecs browsers play: H.264, HEVC (Safari, and Chromium where the hardware decodes it), AV1, VP8 and VP9. */
const PLAYABLE_MP4 = new Set(["avc1", "avc3", "hvc1", "hev1", "av01", "vp08", "vp09"]);
const PLAYABLE_WEBM = new Set(["V_VP8", "V_VP9", "V_AV1"]);
/** The most of an MP4's index read into memory (a long film's is a few MB). */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
/** What is read of a WebM to find its header and tracks, which come before its clusters. */
const WEBM_HEAD_BYTES = 1024 * 1024;

/** Reads the container of a video on disk: an MP4 or MOV (ISO base media) or a WebM. */
export async function inspectVideo(file: FileHandle): Promise<Inspection> {
  const { size } = await file.stat();
  const head = await readAt(file, 0, Math.min(size, 16));
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return inspectWebm(await readAt(file, 0, Math.min(size, WEBM_HEAD_BYTES)));
  return inspectIsoMedia(file, size);
}

async function readAt(file: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

// ISO base media (MP4, MOV): a file of boxes, each its size, its type, then its content.

interface TopBox {
  type: string;
  start: number;
  size: number;
}

async function topLevelBoxes(file: FileHandle, fileSize: number): Promise<TopBox[] | string> {
  const boxes: TopBox[] = [];
  for (let start = 0; start < fileSize; ) {
    const header = await readAt(file, start, 16);
    if (header.length < 8) return "the file ends inside a box";
    let size = header.readUInt32BE(0);
    const type = header.toString("latin1", 4, 8);
    if (size === 1) {
      if (header.length < 16) return "the file ends inside a box";
      size = Number(header.readBigUInt64BE(8));
    } else if (size === 0) {
      size = fileSize - start;
    }
    if (size < 8 || start + size > fileSize) return `the ${JSON.stringify(type)} box does not fit the file`;
    boxes.push({ type, start, size });
    if (boxes.length > 10_000) return "too many boxes";
    start += size;
  }
  return boxes;
}

/** The boxes inside `buffer` from `from` to `to`, with where each one's content starts. */
function* childBoxes(buffer: Buffer, from: number, to: number) {
  for (let start = from; start + 8 <= to; ) {
    let size = buffer.readUInt32BE(start);
    const type = buffer.toString("latin1", start + 4, start + 8);
    let content = start + 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(start + 8));
      content += 8;
    } else if (size === 0) {
      size = to - start;
    }
    if (size < content - start || start + size > to) throw new Error(`the ${JSON.stringify(type)} box does not fit its parent`);
    yield { type, start, content, end: start + size };
    start += size;
  }
}

function childOf(buffer: Buffer, parent: { content: number; end: number }, type: string) {
  for (const box of childBoxes(buffer, parent.content, parent.end)) if (box.type === type) return box;
  return null;
}

/** A box's path from `parent` (trak → mdia → minf → stbl → stsd). */
function pathOf(buffer: Buffer, parent: { content: number; end: number }, ...types: string[]) {
  let box: { content: number; end: number } | null = parent;
  for (const type of types) box = box && childOf(buffer, box, type);
  return box;
}

interface Track {
  handler: string;
  codec: string | null;
  width: number;
  height: number;
}

function readTrack(moov: Buffer, trak: { content: number; end: number }): Track {
  const hdlr = pathOf(moov, trak, "mdia", "hdlr");
  const stsd = pathOf(moov, trak, "mdia", "minf", "stbl", "stsd");
  const tkhd = childOf(moov, trak, "tkhd");
  // stsd: version and flags, an entry count, then the first sample entry (its size and its codec's name).
  const codec = stsd && stsd.end - stsd.content >= 16 ? moov.toString("latin1", stsd.content + 12, stsd.content + 16) : null;
  let width = 0;
  let height = 0;
  if (tkhd) {
    // The display size ends the track header, as 16.16 fixed-point numbers.
    width = Math.round(moov.readUInt32BE(tkhd.end - 8) / 65536);
    height = Math.round(moov.readUInt32BE(tkhd.end - 4) / 65536);
  }
  return { handler: hdlr ? moov.toString("latin1", hdlr.content + 8, hdlr.content + 12) : "", codec, width, height };
}

function movieDuration(moov: Buffer, root: { content: number; end: number }) {
  const mvhd = childOf(moov, root, "mvhd");
  if (!mvhd) return null;
  const version = moov.readUInt8(mvhd.content);
  const timescale = version === 1 ? moov.readUInt32BE(mvhd.content + 20) : moov.readUInt32BE(mvhd.content + 12);
  const duration = version === 1 ? Number(moov.readBigUInt64BE(mvhd.content + 24)) : moov.readUInt32BE(mvhd.content + 16);
  return timescale > 0 ? Math.round((duration / timescale) * 1000) : null;
}

/**
 * The index with every chunk offset (stco, co64) that points between `from`
 * and `before` moved by `by`; null when a 32-bit offset would overflow.
 */
function shiftChunkOffsets(moov: Buffer, root: { content: number; end: number }, shift: { from: number; before: number; by: number }) {
  const patched = Buffer.from(moov);
  const move = (offset: number) => (offset >= shift.from && offset < shift.before ? offset + shift.by : offset);
  for (const trak of childBoxes(moov, root.content, root.end)) {
    if (trak.type !== "trak") continue;
    const stbl = pathOf(moov, trak, "mdia", "minf", "stbl");
    if (!stbl) continue;
    for (const table of childBoxes(moov, stbl.content, stbl.end)) {
      if (table.type !== "stco" && table.type !== "co64") continue;
      const count = moov.readUInt32BE(table.content + 4);
      const wide = table.type === "co64";
      for (let index = 0; index < count; index++) {
        const at = table.content + 8 + index * (wide ? 8 : 4);
        if (wide) {
          patched.writeBigUInt64BE(BigInt(move(Number(moov.readBigUInt64BE(at)))), at);
        } else {
          const moved = move(moov.readUInt32BE(at));
          if (moved > 0xffffffff) return null;
          patched.writeUInt32BE(moved, at);
        }
      }
    }
  }
  return patched;
}

async function inspectIsoMedia(file: FileHandle, fileSize: number): Promise<Inspection> {
  const boxes = await topLevelBoxes(file, fileSize);
  if (typeof boxes === "string") return { ok: false, reason: boxes };
  const moovs = boxes.filter((box) => box.type === "moov");
  const firstMedia = boxes.find((box) => box.type === "mdat");
  if (moovs.length !== 1) return { ok: false, reason: moovs.length === 0 ? "no index (moov)" : "more than one index (moov)" };
  if (!firstMedia) return { ok: false, reason: "no media (mdat)" };
  const moovBox = moovs[0]!;
  if (moovBox.size > MAX_INDEX_BYTES) return { ok: false, reason: "the index is too large" };
  const moov = await readAt(file, moovBox.start, moovBox.size);
  try {
    const root = [...childBoxes(moov, 0, moov.length)][0]!;
    const tracks = [...childBoxes(moov, root.content, root.end)].filter((box) => box.type === "trak").map((trak) => readTrack(moov, trak));
    const videos = tracks.filter((track) => track.handler === "vide");
    if (videos.length === 0) return { ok: false, reason: "no video track" };
    const playable = videos.find((track) => track.codec !== null && PLAYABLE_MP4.has(track.codec));
    if (!playable) return { ok: false, reason: `no video track a browser plays (${videos.map((track) => track.codec).join(", ")})` };
    const facts: VideoFacts = {
      durationMs: movieDuration(moov, root),
      width: playable.width || null,
      height: playable.height || null,
      codecs: tracks.flatMap((track) => (track.codec ? [track.codec] : [])),
    };
    if (facts.durationMs === 0) return { ok: false, reason: NO_FRAMES };
    if (moovBox.start < firstMedia.start) return { ok: true, facts, moveIndex: null };
    const patched = shiftChunkOffsets(moov, root, { from: firstMedia.start, before: moovBox.start, by: moovBox.size });
    return { ok: true, facts, moveIndex: patched ? { moov: moovBox, patched, boxes } : null };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/**
 * Writes the MP4 with its index first ("fast start"): the boxes before the
 * media, the index with its offsets moved, then the rest as they were. A
 * player can then start as soon as the first bytes arrive.
 */
export async function writeIndexFirst(source: FileHandle, target: FileHandle, moved: MovedIndex) {
  const insertAt = moved.boxes.findIndex((box) => box.type === "mdat");
  const copy = async (box: TopBox) => {
    const chunk = Buffer.alloc(Math.min(box.size, 1024 * 1024));
    for (let done = 0; done < box.size; ) {
      const { bytesRead } = await source.read(chunk, 0, Math.min(chunk.length, box.size - done), box.start + done);
      if (bytesRead === 0) throw new Error("the file changed while it was being read");
      await target.write(chunk, 0, bytesRead);
      done += bytesRead;
    }
  };
  for (const [index, box] of moved.boxes.entries()) {
    if (index === insertAt) await target.write(moved.patched);
    if (box.type !== "moov") await copy(box);
  }
}

// WebM (Matroska): elements, each an ID and a size written as variable-length integers.

const EBML = { header: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, codecId: 0x86, video: 0xe0, pixelWidth: 0xb0, pixelHeight: 0xba, displayWidth: 0x54b0, displayHeight: 0x54ba, cluster: 0x1f43b675 };

/** A variable-length integer at `at`: its value (with its length marker kept for IDs) and its length; null past the buffer. */
function vint(buffer: Buffer, at: number, keepMarker: boolean) {
  if (at >= buffer.length) return null;
  const first = buffer[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buffer.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === (0xff >> length);
  for (let index = 1; index < length; index++) {
    value = value * 256 + buffer[at + index]!;
    if (buffer[at + index] !== 0xff) unknown = false;
  }
  return { value, length, unknown: !keepMarker && unknown };
}

function* elements(buffer: Buffer, from: number, to: number) {
  for (let at = from; at < to; ) {
    const id = vint(buffer, at, true);
    const size = id && vint(buffer, at + id.length, false);
    if (!id || !size) return;
    const content = at + id.length + size.length;
    // An unknown size (a live recording's segment) runs to the end of what was read.
    const end = size.unknown ? to : Math.min(content + size.value, to);
    yield { id: id.value, content, end, unknown: size.unknown };
    at = end;
  }
}

function unsigned(buffer: Buffer, element: { content: number; end: number }) {
  let value = 0;
  for (let at = element.content; at < element.end; at++) value = value * 256 + buffer[at]!;
  return value;
}

function inspectWebm(head: Buffer): Inspection {
  let docType = "";
  let scale = 1_000_000;
  let duration: number | null = null;
  const videos: { codec: string; width: number; height: number }[] = [];
  const codecs: string[] = [];
  for (const top of elements(head, 0, head.length)) {
    if (top.id === EBML.header) {
      for (const field of elements(head, top.content, top.end)) if (field.id === EBML.docType) docType = head.toString("latin1", field.content, field.end).replace(/\0+$/, "");
    }
    if (top.id !== EBML.segment) continue;
    for (const part of elements(head, top.content, top.end)) {
      if (part.id === EBML.cluster) break;
      if (part.id === EBML.info) {
        for (const field of elements(head, part.content, part.end)) {
          if (field.id === EBML.timecodeScale) scale = unsigned(head, field);
          if (field.id === EBML.duration) duration = field.end - field.content === 4 ? head.readFloatBE(field.content) : head.readDoubleBE(field.content);
        }
      }
      if (part.id !== EBML.tracks) continue;
      for (const entry of elements(head, part.content, part.end)) {
        if (entry.id !== EBML.trackEntry) continue;
        let type = 0;
        let codec = "";
        let width = 0;
        let height = 0;
        for (const field of elements(head, entry.content, entry.end)) {
          if (field.id === EBML.trackType) type = unsigned(head, field);
          if (field.id === EBML.codecId) codec = head.toString("latin1", field.content, field.end).replace(/\0+$/, "");
          if (field.id !== EBML.video) continue;
          for (const size of elements(head, field.content, field.end)) {
            if (size.id === EBML.pixelWidth || (size.id === EBML.displayWidth && !width)) width = unsigned(head, size);
            if (size.id === EBML.pixelHeight || (size.id === EBML.displayHeight && !height)) height = unsigned(head, size);
          }
        }
        if (codec) codecs.push(codec);
        if (type === 1) videos.push({ codec, width, height });
      }
    }
  }
  if (docType !== "webm" && docType !== "matroska") return { ok: false, reason: "not a WebM file" };
  if (videos.length === 0) return { ok: false, reason: "no video track" };
  const playable = videos.find((track) => PLAYABLE_WEBM.has(track.codec));
  if (!playable) return { ok: false, reason: `no video track a browser plays (${videos.map((track) => track.codec).join(", ")})` };
  const durationMs = duration === null ? null : Math.round((duration * scale) / 1_000_000);
  if (durationMs === 0) return { ok: false, reason: NO_FRAMES };
  return {
    ok: true,
    facts: { durationMs, width: playable.width || null, height: playable.height || null, codecs },
    moveIndex: null,
  };
}
