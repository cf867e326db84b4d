import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "~/modules/demo/seed.server";
import { freshDatabase, runAdminStatement } from "../setup/databases";
import { eventually } from "../setup/eventually";
import { requestHost } from "../setup/http-client";

// Several web processes on one database and one Redis: whatever one process
// learns, the others must know on their next request. Runs where processes can
// share state: PostgreSQL and Redis.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** A server as `npm start` runs it in production, its stdout (the JSON log lines) kept. */
class ServerProcess {
  readonly child: ChildProcess;
  output = "";

  constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "info", PORT: String(port), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (chunk) => (this.output += chunk));
    this.child.stderr!.on("data", (chunk) => (this.output += chunk));
  }

  /** Until each of its `listeners` processes has logged that it listens, and the port answers. */
  async ready(listeners = 1) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`the server on ${this.port} exited: ${this.output}`);
      const listening = this.logLines().filter((line) => line.event === "listening").length >= listeners;
      if (listening && (await requestHost(this.port, "acme.localhost", "/healthz").then((r) => r.status === 200, () => false))) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the server on ${this.port} did not start: ${this.output}`);
  }

  /** SIGTERM, and the exit that follows once requests are done and the log is flushed. */
  async stop() {
    if (this.child.exitCode !== null) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once("exit", (code) => resolve(code)));
    this.child.kill("SIGTERM");
    return exited;
  }

  logLines() {
    return this.output
      .split("\n")
      .filter((line) => line.startsWith("{") && line.endsWith("}"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  requestLines() {
    return this.logLines().filter((line) => line.event === "request");
  }
}

describe.skipIf(!shared)("two web processes on one database and one Redis", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let cluster: ServerProcess;
  let single: ServerProcess;
  const sentIds: { id: string; port: number }[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    if (database.target.kind !== "postgres") throw new Error("expected PostgreSQL");
    const env = {
      DATABASE_URL: database.target.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: `scale-out-${randomBytes(4).toString("hex")}:`,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DEMO_SEED: "1",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-")),
    };
    // Two processes behind one port (their primary prepares the database first), and a third process on a port of its own.
    cluster = new ServerProcess(3341, { ...env, WEB_CONCURRENCY: "2" });
    await cluster.ready(2);
    single = new ServerProcess(3342, env);
    await single.ready();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([cluster?.stop(), single?.stop()]);
    await database?.drop();
  }, 30_000);

  /** A request to one of the servers, named by an X-Request-Id of its own so its log line can be found. */
  function send(server: ServerProcess, pathname: string, init: Parameters<typeof requestHost>[3] = {}) {
    const id = randomUUID();
    sentIds.push({ id, port: server.port });
    return requestHost(server.port, "acme.localhost", pathname, { ...init, headers: { ...init.headers, "X-Request-Id": id } });
  }
  const databaseUrl = () => (database.target.kind === "postgres" ? database.target.url : "");
  const signIn = (server: ServerProcess, username: string, password = DEMO_PASSWORD) =>
    send(server, "/login", { method: "POST", form: { username, password } });

  it("share the port between two processes", async () => {
    for (let i = 0; i < 12; i++) expect((await send(cluster, "/login")).status).toBe(200);
    // The log is written asynchronously: read it until the twelve lines are out.
    const lines = await eventually(async () => cluster.requestLines(), (found) => found.length >= 12, 5);
    expect(new Set(lines.map((line) => line.pid)).size).toBe(2);
  });

  it("keep a session signed in through one process signed in on the other", async () => {
    const signedIn = await signIn(cluster, "employee");
    expect(signedIn.status).toBe(302);
    const feed = await send(single, "/feed", { cookie: signedIn.cookie! });
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("Sign out");
  });

  it("apply a setting saved through one process on the other's next request", async () => {
    const admin = (await signIn(single, "admin")).cookie!;
    const headline = `Questions? ${randomBytes(3).toString("hex")}`;
    const page = await send(single, "/program-settings", { cookie: admin });
    const saved = await send(single, "/program-settings", { method: "POST", cookie: admin, form: { ...formFields(page.body), contactUsHeadlineText: headline } });
    expect(saved.status).toBe(302);
    const employee = (await signIn(cluster, "employee")).cookie!;
    // Either process behind the shared port: both see it.
    for (let i = 0; i < 4; i++) expect((await send(cluster, "/feed", { cookie: employee })).body).toContain(headline);
  });

  it("count an account's wrong passwords across processes", async () => {
    for (let i = 0; i < 5; i++) {
      const server = i % 2 ? single : cluster;
      expect((await signIn(server, "manager", "Wrong-password1!")).status).toBe(401);
    }
    for (const server of [single, cluster]) {
      const refused = await signIn(server, "manager");
      expect(refused.status).toBe(429);
      expect(refused.body).toContain("Too many sign-in attempts.");
    }
  });

  // Each process keeps the sessions and signed-in people it has read (decision 091): what another process changes must reach it.
  it("end a session signed out through one process on the other's next request", async () => {
    const cookie = (await signIn(single, "employee")).cookie!;
    expect((await send(single, "/feed", { cookie })).status).toBe(200);
    expect((await send(cluster, "/logout", { method: "POST", cookie })).status).toBe(302);
    const after = await eventually(() => send(single, "/feed", { cookie }), (response) => response.status !== 200, 5);
    expect(after.status).toBe(302);
    expect(after.location).toBe("/login");
  });

  it("show a change to the signed-in person, made outside either process, on each one's next page", async () => {
    const cookie = (await signIn(single, "admin")).cookie!;
    for (const server of [single, cluster]) expect((await send(server, "/feed", { cookie })).status).toBe(200);
    const renamed = `Renamed ${randomBytes(3).toString("hex")}`;
    await runAdminStatement(databaseUrl(), `update employee set display_name = '${renamed}' where login_id = 'admin'`);
    for (const server of [single, cluster]) {
      const page = await eventually(() => send(server, "/feed", { cookie }), (response) => response.body.includes(renamed), 5);
      expect(page.body).toContain(renamed);
    }
    await runAdminStatement(databaseUrl(), `update employee set active = false where login_id = 'admin'`);
    for (const server of [single, cluster]) {
      const page = await eventually(() => send(server, "/feed", { cookie }), (response) => response.status !== 200, 5);
      expect(page.location).toBe("/login");
    }
  });

  it("log each request once, with its id, program, employee and a page's render time, flushed when stopped", async () => {
    const signedIn = await signIn(single, "employee");
    const last = randomUUID();
    await requestHost(single.port, "acme.localhost", "/feed", { cookie: signedIn.cookie!, headers: { "X-Request-Id": last } });
    await Promise.all([expect(single.stop()).resolves.toBe(0), expect(cluster.stop()).resolves.toBe(0)]);
    const lines = [...single.requestLines(), ...cluster.requestLines()];
    for (const { id } of sentIds) expect(lines.filter((line) => line.requestId === id)).toHaveLength(1);
    const final = lines.filter((line) => line.requestId === last);
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ tenant: "acme", path: "/feed", status: 200, employeeId: expect.any(Number), renderMs: expect.any(Number) });
    expect(final[0]!.renderMs as number).toBeLessThanOrEqual(final[0]!.ms as number);
  });
});

/** The fields a browser would post from the settings form: checked boxes, inputs, text areas and selects. */
function formFields(html: string) {
  const form = /<form[^>]*id="program-settings-[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || ["submit", "button"].includes(type) || (["checkbox", "radio"].includes(type) && !/\schecked(=""|\s|>|\/)/.test(tag))) continue;
    fields[name] = decode(attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""));
  }
  for (const [, attributes, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) fields[attribute(attributes!, "name")!] = decode(text!);
  for (const [, attributes, options] of form.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(options!) ?? /<option[^>]*value="([^"]*)"/.exec(options!);
    fields[attribute(attributes!, "name")!] = decode(chosen?.[1] ?? "");
  }
  return fields;
}
