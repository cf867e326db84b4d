// `npm run bench:uploads`: the CPU a streamed upload (a video, a guide document, an eCard's
// design) costs the web process per megabyte: a 50 MB multipart body in 64 KB chunks, as a
// browser's arrives, read by `withStreamedUpload` into a data directory and removed. Prints the
// median of ROUNDS (5) reads after one to warm up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";

const MEGABYTES = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const BOUNDARY = "----benchBoundary7MA4YWxkTrZu0gW";
const CHUNK = 64 * 1024;

const video = Buffer.alloc(MEGABYTES * 1024 * 1024);
for (let at = 0; at < video.length; at += 4096) video[at] = at & 0xff;
const body = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nThe team at the summit\r\n`),
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="summit.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
  video,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

function request() {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.length; at += CHUNK) controller.enqueue(body.subarray(at, at + CHUNK));
      controller.close();
    },
  });
  return new Request("http://bench.test/compose/video", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }, body: stream, duplex: "half" } as RequestInit);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const spent: number[] = [];
try {
  for (let round = 0; round <= ROUNDS; round++) {
    const before = cpuMs();
    const size = await withStreamedUpload(request(), { dataDir, field: "video", kind: "video" }, async (upload) => (upload.ok ? upload.file?.size : null));
    if (size !== video.length) throw new Error(`the upload read ${size} bytes of ${video.length}`);
    if (round > 0) spent.push(cpuMs() - before);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const median = [...spent].sort((a, b) => a - b)[Math.floor(spent.length / 2)]!;
console.log(`A ${MEGABYTES} MB streamed upload: ${median.toFixed(0)} ms of CPU (${(median / MEGABYTES).toFixed(1)} ms a megabyte), median of ${ROUNDS}`);
