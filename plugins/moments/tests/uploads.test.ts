import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { requestHost, serveBuiltApp } from "../../../tests/setup/http-client";
import { createTestApp, signInAs, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { mp4 } from "../../../tests/setup/videos";
import { uploadKinds } from "~/modules/storage/upload-kinds";

/**
 * A video's processing as people see it, through the built app over HTTP
 * without JavaScript. No worker runs here, so a video stays PROCESSING until
 * the test runs its job.
 */
let testApp: TestApp;
let server: Server;
let port: number;
let cookie: string;
let posts = 0;

beforeAll(async () => {
  testApp = await createTestApp({ built: true, jobs: { workers: 0 } });
  ({ server, port } = await serveBuiltApp(testApp.app));
  cookie = (await signInAs(testApp.app, "acme", "employee")).cookie;
}, 120_000);
afterAll(async () => {
  server.close();
  await testApp.close();
});

const get = (path: string) => requestHost(port, "acme.localhost", path, { cookie, headers: { Accept: "text/html" } });

/** Posts `bytes` as a video, as the composer's video step and Post do without JavaScript; the post's id. */
async function postVideo(bytes: Buffer, text: string) {
  const key = `video-processing-${++posts}`;
  const form = new FormData();
  form.set("video", new Blob([new Uint8Array(bytes)], { type: "video/mp4" }), "clip.mp4");
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const upload = await requestHost(port, "acme.localhost", `/compose/video?${new URLSearchParams({ text, key })}`, {
    method: "POST",
    rawBody: Buffer.from(await encoded.arrayBuffer()),
    cookie,
    headers: { Accept: "text/html", "Content-Type": encoded.headers.get("content-type")! },
  });
  const video = new URLSearchParams(upload.location?.split("?")[1]).get("vid");
  expect(video, upload.body.slice(0, 300)).toMatch(/^[0-9a-f-]{36}$/);
  const posted = await requestHost(port, "acme.localhost", "/compose", { method: "POST", form: { text, key, vid: video! }, cookie, headers: { Accept: "text/html" } });
  expect(posted.location).toBe("/feed");
  const db = testApp.app.database.forProgram(tenantOf(testApp.app, "acme").programId);
  const post = await db.selectFrom("post").select("id").where("video_asset_id", "=", video!).executeTakeFirstOrThrow();
  return { id: post.id, video: video! };
}

/** Runs the queued processing of `assetId`, as a worker would (its `attempt`-th run, with `app`'s services). */
async function process(assetId: string, attempt = 1, app = testApp.app) {
  const tenant = tenantOf(app, "acme");
  const job = app.registry.jobs().find((declared) => declared.definition.name === "core.process-video")!.definition;
  await job.run({ id: "test", attempt, data: { assetId }, tenant, db: app.database.forProgram(tenant.programId), log: app.log, app });
}

describe("the composer's uploads, without JavaScript", () => {
  it("answer a refused upload larger than a form with the step's page: the field's message and the draft", async () => {
    const boundary = "----notes";
    // 250 KB of text under a picture's or a video's name: past the 100 KB a page's loaders would take as their own body.
    const upload = (field: string, filename: string, type: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${"these are notes, not a picture ".repeat(8_000)}\r\n--${boundary}--\r\n`;
    const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Accept: "text/html", Cookie: cookie };
    const picture = await requestHost(port, "acme.localhost", "/compose/picture?at=image&go=image&text=Keep+what+I+typed", { method: "POST", rawBody: upload("picture", "board.jpg", "image/jpeg"), headers });
    expect(picture.status).toBe(400);
    expect(picture.body).toContain(uploadKinds.image.notThisKind);
    expect(picture.body).toContain("Keep what I typed");
    const video = await requestHost(port, "acme.localhost", "/compose/video?at=video&go=video&text=Keep+what+I+typed", { method: "POST", rawBody: upload("video", "demo.mp4", "video/mp4"), headers });
    expect(video.status).toBe(400);
    expect(video.body).toContain(uploadKinds.video.notThisKind);
    expect(video.body).toContain("Keep what I typed");
  });
});

describe("a video's processing, without JavaScript", () => {
  it("shows the spec's notice until the video is processed, then plays it at its size", async () => {
    const { id, video } = await postVideo(mp4({ width: 1280, height: 720 }), "Watch this when it is ready");
    const before = await get("/feed");
    expect(before.body).toContain("Video Upload Complete");
    expect(before.body).toContain("still a few things on our end");
    expect(before.body).toMatch(/href="\/feed"[^>]*>Check again</);
    expect(before.body).not.toContain(`<source src="/assets/${video}/`);
    expect(JSON.parse((await get(`/post/${id}/video-status`)).body)).toEqual({ processing: "PROCESSING" });
    expect((await get(`/assets/${video}/clip.mp4`)).headers["cache-control"]).toBe("no-store");

    await process(video);
    const after = await get("/feed");
    expect(after.body).not.toContain("Video Upload Complete");
    expect(after.body).toMatch(new RegExp(`<video[^>]*width="1280"[^>]*height="720"[^>]*><source src="/assets/${video}/clip.mp4"`));
    expect(JSON.parse((await get(`/post/${id}/video-status`)).body)).toEqual({ processing: "COMPLETE" });
    expect((await get(`/assets/${video}/clip.mp4`)).headers["cache-control"]).toContain("immutable");
  });

  it("says when a video cannot be played", async () => {
    const { video } = await postVideo(mp4({ codec: "apcn" }), "Shot in ProRes");
    await process(video);
    expect((await get("/feed")).body).toContain("Video Processing Error. An error occurred while processing your video. Please remove the video and try again.");
  });

  it("ends in ERROR when its last run fails, and is retried before", async () => {
    const { id, video } = await postVideo(mp4(), "Storage trouble");
    const storageDown = { ...testApp.app, storage: { ...testApp.app.storage, get: () => Promise.reject(new Error("storage is down")) } };
    await expect(process(video, 1, storageDown)).rejects.toThrow("storage is down");
    expect(JSON.parse((await get(`/post/${id}/video-status`)).body)).toEqual({ processing: "PROCESSING" });
    await process(video, 4, storageDown);
    expect(JSON.parse((await get(`/post/${id}/video-status`)).body)).toEqual({ processing: "ERROR" });
  });
});
