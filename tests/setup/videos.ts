/**
 * Video files for tests, built box by box (ISO base media) or element by
 * element (WebM): real containers whose media bytes are markers, so a test
 * can tell that the index still points at them after processing.
 */

function box(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

function u32(...values: number[]) {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32BE(value, index * 4));
  return buffer;
}

function u64(...values: number[]) {
  const buffer = Buffer.alloc(values.length * 8);
  values.forEach((value, index) => buffer.writeBigUInt64BE(BigInt(value), index * 8));
  return buffer;
}

const IDENTITY_MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

export interface Mp4Options {
  /** The video track's codec (its sample entry's type): avc1 by default; "apcn" is ProRes, which no browser plays. */
  codec?: string;
  width?: number;
  height?: number;
  durationMs?: number;
  /** The index (moov) before the media, as a streaming encoder writes it, or after it, as a camera does. */
  indexFirst?: boolean;
  /** 64-bit chunk offsets (co64) instead of 32-bit ones (stco). */
  wideOffsets?: boolean;
  /** Bytes of media in all; its two chunks start with the markers CHUNK-ONE and CHUNK-TWO. */
  mediaBytes?: number;
  /** A sound track only: no video. */
  audioOnly?: boolean;
}

export const CHUNK_MARKERS = ["CHUNK-ONE", "CHUNK-TWO"] as const;

function track(handler: "vide" | "soun", codec: string, width: number, height: number, offsets: number[], wide: boolean) {
  const tkhd = box("tkhd", u32(0x00000003, 0, 0, 1, 0, 0), Buffer.alloc(8), Buffer.alloc(8), IDENTITY_MATRIX, u32(width * 65536, height * 65536));
  const hdlr = box("hdlr", u32(0, 0), Buffer.from(handler, "latin1"), Buffer.alloc(12), Buffer.from("\0"));
  const stsd = box("stsd", u32(0, 1), box(codec, Buffer.alloc(78)));
  const chunks = wide ? box("co64", u32(0, offsets.length), u64(...offsets)) : box("stco", u32(0, offsets.length), u32(...offsets));
  return box("trak", tkhd, box("mdia", hdlr, box("minf", box("stbl", stsd, chunks))));
}

/** An MP4 whose media is `mediaBytes` of zeros, but for two marked chunks its index points at. */
export function mp4(options: Mp4Options = {}) {
  const { codec = "avc1", width = 640, height = 360, durationMs = 2000, indexFirst = false, wideOffsets = false, mediaBytes = 64 * 1024, audioOnly = false } = options;
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(512), Buffer.from("isomiso2avc1mp41", "latin1"));
  const media = Buffer.alloc(mediaBytes);
  const half = Math.floor(mediaBytes / 2);
  media.write(CHUNK_MARKERS[0], 0, "latin1");
  media.write(CHUNK_MARKERS[1], half, "latin1");
  const moovFor = (mediaStart: number) => {
    const offsets = [mediaStart + 8, mediaStart + 8 + half];
    const mvhd = box("mvhd", u32(0, 0, 0, 1000, durationMs, 0x10000), Buffer.from([1, 0]), Buffer.alloc(10), IDENTITY_MATRIX, Buffer.alloc(24), u32(2));
    return box("moov", mvhd, audioOnly ? track("soun", "mp4a", 0, 0, offsets, wideOffsets) : track("vide", codec, width, height, offsets, wideOffsets));
  };
  const mdat = box("mdat", media);
  if (!indexFirst) return Buffer.concat([ftyp, mdat, moovFor(ftyp.length)]);
  const moovSize = moovFor(0).length;
  return Buffer.concat([ftyp, moovFor(ftyp.length + moovSize), mdat]);
}

/** The 32- or 64-bit chunk offsets of an MP4's first track, found by their box's type. */
export function chunkOffsets(file: Buffer) {
  const wide = file.indexOf("co64", 0, "latin1");
  const at = wide >= 0 ? wide : file.indexOf("stco", 0, "latin1");
  const count = file.readUInt32BE(at + 8);
  return Array.from({ length: count }, (_, index) => (wide >= 0 ? Number(file.readBigUInt64BE(at + 12 + index * 8)) : file.readUInt32BE(at + 12 + index * 4)));
}

function element(id: number[], ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}

/** A WebM's header and tracks, then a cluster of zeros. */
export function webm(options: { codec?: string; width?: number; height?: number; durationMs?: number } = {}) {
  const { codec = "V_VP9", width = 1280, height = 720, durationMs = 3500 } = options;
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationMs);
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from("webm", "latin1")));
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])), element([0x44, 0x89], duration));
  const video = element([0xe0], element([0xb0], Buffer.from([width >> 8, width & 0xff])), element([0xba], Buffer.from([height >> 8, height & 0xff])));
  const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0x83], Buffer.from([1])), element([0x86], Buffer.from(codec, "latin1")), video));
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(4096));
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], info, tracks, cluster)]);
}
