import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { contextFor, createTestApp, requestTo, settle, signInAs, signInPeople, tenantOf, type TestApp } from "../../../tests/setup/test-app";
import { boardMessages, duplicateBoard, type BoardComposerView } from "../composer.server";
import { boardsOptionsOf } from "../guards.server";
import { readBoard, type BoardListItem, type BoardView } from "../read.server";
import { remindAboutBoards } from "../reminders.server";
import { action as boardAction, loader as boardLoader } from "../routes/celebration-board.$id._index";
import { action as editAction } from "../routes/celebration-board.$id.edit";
import { action as inviteAction } from "../routes/celebration-board.$id.invite";
import { loader as indexLoader } from "../routes/celebration-board._index";
import { loader as allLoader } from "../routes/celebration-board.all";
import { boardsReport } from "../report.server";
import { loader as contributeLoader } from "../routes/celebration-board.contribute";
import { loader as createdLoader } from "../routes/celebration-board.created";
import { action as newAction, loader as newLoader } from "../routes/celebration-board.new";
import { loader as publicLoader } from "../routes/celebration-board.public.$token";
import { loader as receivedLoader } from "../routes/celebration-board.received";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
let today: string;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  today = calendarDayIn(new Date(), tenant.config.program.timeZone);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
  // Two more of Acme's (not Ivy, who prefers private recognition): one the boards celebrate, one who is never invited.
  const others = await acme
    .selectFrom("employee")
    .select("login_id")
    .where("id", "not in", Object.values(ids))
    .where("login_id", "<>", "invited")
    .where("active", "=", true)
    .where("must_change_password", "=", false)
    .orderBy("id")
    .limit(2)
    .execute();
  for (const [name, other] of [["celebrated", others[0]!], ["outsider", others[1]!]] as const) {
    const signed = await signInAs(testApp.app, "acme", other.login_id);
    ids[name] = signed.employeeId;
    cookies[name] = signed.cookie;
  }
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

async function run(route: Route, path: string, who: string, fields?: Fields, params: Record<string, string> = {}, subdomain = "acme") {
  const cookie = cookies[who];
  const request = fields ? requestTo(subdomain, path, { method: "POST", body: new URLSearchParams(fields), cookie }) : requestTo(subdomain, path, { cookie });
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params }))) as Response;
}

let keys = 0;
const board = (fields: Fields = []): Fields => {
  const given = new Set(fields.map(([name]) => name));
  // Many boards here celebrate one person: each is made past the duplicate check, but for that check's own test.
  const defaults: Fields = [["m", String(ids.celebrated)], ["category", "BIRTHDAY"], ["title", "Happy birthday!"], ["message", "Sign by Friday"], ["closesOn", addDays(today, 3)], ["key", `board-key-${++keys}-${Date.now()}`], ["duplicateOk", "on"]];
  return [...defaults.filter(([name]) => !given.has(name)), ...fields];
};

/** Makes a board as the manager; its id. */
async function made(fields: Fields = []) {
  const response = await run(newAction, "/celebration-board/new", "manager", board(fields));
  expect(response.status).toBe(302);
  const [, id] = response.headers.get("Location")!.match(/^\/celebration-board\/(\d+)\/invite$/)!;
  return Number(id);
}

async function view(id: number, who: string) {
  const response = await run(boardLoader, `/celebration-board/${id}`, who, undefined, { id: String(id) });
  return response.status === 200 ? ((await response.json()) as { board: BoardView; role: { manages: boolean; contributes: boolean }; publicUrl: string | null }) : { redirect: response.headers.get("Location") };
}

const post = (id: number, who: string, fields: Fields) => run(boardAction, `/celebration-board/${id}`, who, fields, { id: String(id) });
const invite = (id: number, who: string, people: number[]) => run(inviteAction, `/celebration-board/${id}/invite`, who, [...people.map((person): [string, string] => ["m", String(person)]), ["key", `invite-${++keys}`]], { id: String(id) });

describe("making a board", () => {
  it("checks each field, keeps what was typed, and makes one board of a form posted twice", async () => {
    const refused = await run(newAction, "/celebration-board/new", "manager", board([["m", String(ids.manager)], ["title", " "], ["closesOn", addDays(today, -1)], ["message", "Kept as typed"]]));
    expect(refused.status).toBe(400);
    const { view: form } = (await refused.json()) as { view: BoardComposerView };
    expect(form.errors).toEqual({ recipient: [boardMessages.notYourself], title: [boardMessages.noTitle], closesOn: [boardMessages.dayPast] });
    expect(form.draft.message).toBe("Kept as typed");

    const tooFar = (await (await run(newAction, "/celebration-board/new", "manager", board([["closesOn", addDays(today, 31)], ["category", "NOPE"], ["m", ""]]))).json()) as { view: BoardComposerView };
    expect(tooFar.view.errors).toEqual({ recipient: [boardMessages.noRecipient], category: [boardMessages.noCategory], closesOn: ["The last day is at most 30 days from today."] });
    // A day that does not exist (Date would roll it into March) is no day, never the database's error.
    const noSuchDay = (await (await run(newAction, "/celebration-board/new", "manager", board([["closesOn", `${Number(today.slice(0, 4)) + 1}-02-31`]]))).json()) as { view: BoardComposerView };
    expect(noSuchDay.view.errors).toEqual({ closesOn: [boardMessages.noDay] });

    const fields = board([["category", "RETIREMENT"]]);
    const first = await run(newAction, "/celebration-board/new", "manager", fields);
    const again = await run(newAction, "/celebration-board/new", "manager", fields);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));

    // Another open retirement board for the same person: said (by whom, not which), made only when asked again.
    const twin = await run(newAction, "/celebration-board/new", "admin", board([["category", "RETIREMENT"]]).filter(([name]) => name !== "duplicateOk"));
    expect(twin.status).toBe(400);
    const { view: asked } = (await twin.json()) as { view: BoardComposerView };
    const celebrated = await acme.selectFrom("employee").select("display_name").where("id", "=", ids.celebrated!).executeTakeFirstOrThrow();
    expect(asked.errors).toEqual({ duplicate: [duplicateBoard("Retirement", celebrated.display_name, "Morgan Manager")] });
    expect((await run(newAction, "/celebration-board/new", "admin", board([["category", "RETIREMENT"]]))).status).toBe(302);
  });

  it("sends those who may not make boards (the demo's employee) to the boards received, and names the person from a profile", async () => {
    const refused = await run(newLoader, "/celebration-board/new", "employee");
    expect(refused.headers.get("Location")).toBe("/celebration-board/received");
    expect((await run(indexLoader, "/celebration-board", "employee")).headers.get("Location")).toBe("/celebration-board/received");
    expect((await run(indexLoader, "/celebration-board", "manager")).headers.get("Location")).toBe("/celebration-board/created");
    const named = (await (await run(newLoader, `/celebration-board/new?to=${ids.celebrated}&category=BIRTHDAY`, "manager")).json()) as { view: BoardComposerView };
    expect(named.view.selection.named.map((pick) => pick.employeeId)).toEqual([ids.celebrated]);
    expect(named.view.draft.closesOn).toBe(addDays(today, 7));
  });
});

describe("a board's life", () => {
  it("invites, keeps the surprise, takes messages, removes people, and is delivered and shared", async () => {
    const id = await made();
    // The recipient and the creator are never invited; the others are told.
    expect((await invite(id, "manager", [ids.employee!, ids.admin!, ids.celebrated!, ids.manager!])).status).toBe(302);
    const invited = await acme.selectFrom("celebration_board_contributor").select("employee_id").where("board_id", "=", id).orderBy("employee_id").execute();
    expect(invited.map((row) => row.employee_id)).toEqual([ids.employee, ids.admin].sort((a, b) => a! - b!));
    await expect
      .poll(async () => (await acme.selectFrom("notification").select("employee_id").where("type", "=", "CELEBRATION_BOARD_INVITE").where("link", "=", `/celebration-board/${id}`).execute()).length, { timeout: 20_000 })
      .toBe(2);

    // Before delivery, its recipient (and anyone not invited) is sent to the feed.
    expect(await view(id, "celebrated")).toEqual({ redirect: "/feed" });
    expect(await view(id, "outsider")).toEqual({ redirect: "/feed" });
    expect((await view(id, "employee")) as { role: object }).toMatchObject({ role: { manages: false, contributes: true } });

    // A message: checked beside its field (what was typed kept), then saved, then rewritten.
    const tooLong = await post(id, "employee", [["intent", "contribute"], ["message", "x".repeat(1_001)]]);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ errors: { message: [boardMessages.contributionTooLong] }, typed: "x".repeat(1_001) });
    expect((await post(id, "employee", [["intent", "contribute"], ["message", "Happy birthday!"]])).status).toBe(302);
    expect((await post(id, "employee", [["intent", "contribute"], ["message", "Happy birthday, again!"]])).status).toBe(302);
    expect((await post(id, "admin", [["intent", "contribute"], ["message", "Many happy returns."]])).status).toBe(302);
    // Someone not invited writes nothing.
    await post(id, "outsider", [["intent", "contribute"], ["message", "Sneaking in"]]);
    let shown = (await view(id, "manager")) as { board: BoardView };
    expect(shown.board.contributions.map((each) => [each.author.id, each.message])).toEqual([
      [ids.employee, "Happy birthday, again!"],
      [ids.admin, "Many happy returns."],
    ]);

    // Only its author or the board's manager deletes a message; removing someone removes theirs.
    const adminsMessage = shown.board.contributions[1]!.id;
    await post(id, "employee", [["intent", "delete-contribution"], ["contributionId", String(adminsMessage)]]);
    expect((await acme.selectFrom("celebration_board_contribution").select("id").where("id", "=", adminsMessage).execute()).length).toBe(1);
    await post(id, "manager", [["intent", "uninvite"], ["employeeId", String(ids.admin)]]);
    shown = (await view(id, "manager")) as { board: BoardView };
    expect(shown.board.contributors.map((each) => each.id)).toEqual([ids.employee]);
    expect(shown.board.contributions.map((each) => each.author.id)).toEqual([ids.employee]);

    // Delivered: the recipient is told and sees it; it is on the feed; nobody changes it after.
    expect((await post(id, "manager", [["intent", "approve"], ["share", "on"]])).status).toBe(302);
    const delivered = (await view(id, "celebrated")) as { board: BoardView; publicUrl: string };
    expect(delivered.board).toMatchObject({ status: "APPROVED", sharedOnFeed: true });
    // Its public link is the recipient's and the creator's to share, not every contributor's.
    expect(delivered.publicUrl).toMatch(/^http.*\/celebration-board\/public\/[\w-]{24}$/);
    expect(((await view(id, "employee")) as { publicUrl: string | null }).publicUrl).toBeNull();
    const item = await acme.selectFrom("feed_item").select(["author_id", "data"]).where("kind", "=", "celebrationBoard").where("foreign_id", "=", String(id)).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ author_id: ids.manager, data: { boardId: id, title: "Happy birthday!", category: "Birthday", contributions: 1 } });
    await expect
      .poll(async () => (await acme.selectFrom("notification").select("employee_id").where("type", "=", "CELEBRATION_BOARD_RECEIVE").where("link", "=", `/celebration-board/${id}`).execute()).map((row) => row.employee_id), { timeout: 20_000 })
      .toEqual([ids.celebrated]);
    // Shared: anyone of the program may read it.
    expect((await view(id, "outsider")) as { board: BoardView }).toMatchObject({ board: { id } });
    await post(id, "employee", [["intent", "contribute"], ["message", "Too late"]]);
    expect((await post(id, "manager", [["intent", "delete"]])).headers.get("Location")).toBe(`/celebration-board/${id}`);
    expect((await readBoard(acme, boardsOptionsOf(tenant.config), { id }))!.contributions.map((each) => each.message)).toEqual(["Happy birthday, again!"]);

    const received = (await (await run(receivedLoader, "/celebration-board/received", "celebrated")).json()) as { boards: BoardListItem[] };
    expect(received.boards.map((each) => each.id)).toContain(id);
  });

  it("is not shared on the feed when its recipient prefers private recognition", async () => {
    const ivy = await acme.selectFrom("employee").select("id").where("login_id", "=", "invited").executeTakeFirstOrThrow();
    const id = await made([["m", String(ivy.id)]]);
    expect((await post(id, "manager", [["intent", "approve"], ["share", "on"]])).status).toBe(302);
    expect(await acme.selectFrom("celebration_board").select(["status", "shared_on_feed"]).where("id", "=", id).executeTakeFirst()).toEqual({ status: "APPROVED", shared_on_feed: false });
    expect(await acme.selectFrom("feed_item").select("id").where("kind", "=", "celebrationBoard").where("foreign_id", "=", String(id)).execute()).toEqual([]);
  });

  it("edits and deletes an open board, its creator's or a program manager's to do", async () => {
    const id = await made();
    const edit = (who: string, fields: Fields) => run(editAction, `/celebration-board/${id}/edit`, who, fields, { id: String(id) });
    const refused = await edit("manager", [["category", "WELCOME"], ["title", "t".repeat(101)], ["message", ""], ["closesOn", addDays(today, 2)]]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: object }).errors).toEqual({ title: [boardMessages.titleTooLong] });
    expect((await edit("manager", [["category", "WELCOME"], ["title", "Welcome aboard!"], ["message", ""], ["closesOn", addDays(today, 2)]])).status).toBe(302);
    expect(await acme.selectFrom("celebration_board").select(["category", "title", "closes_on"]).where("id", "=", id).executeTakeFirst()).toEqual({ category: "WELCOME", title: "Welcome aboard!", closes_on: addDays(today, 2) });
    // Someone else (invited or not) edits nothing.
    expect((await edit("outsider", [["category", "BIRTHDAY"], ["title", "Mine now"], ["message", ""], ["closesOn", addDays(today, 2)]])).headers.get("Location")).toBe("/feed");
    // The admin, a program manager, deletes it.
    expect((await post(id, "admin", [["intent", "delete"]])).headers.get("Location")).toBe("/celebration-board/created");
    expect(await acme.selectFrom("celebration_board").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("takes no message after its last day", async () => {
    const id = await made();
    await invite(id, "manager", [ids.employee!]);
    await acme.updateTable("celebration_board").set({ closes_on: addDays(today, -1) }).where("id", "=", id).execute();
    expect((await view(id, "employee")) as { role: object }).toMatchObject({ role: { contributes: false } });
    await post(id, "employee", [["intent", "contribute"], ["message", "Late"]]);
    expect(await acme.selectFrom("celebration_board_contribution").select("id").where("board_id", "=", id).execute()).toEqual([]);
  });
});

describe("a picture with a message", () => {
  /** Posts the message form as the browser does, a multipart body with `picture`. */
  async function postPicture(id: number, who: string, fields: Record<string, string>, picture?: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (picture) form.set("picture", new Blob([picture.bytes]), picture.name);
    const request = new Request(requestTo("acme", `/celebration-board/${id}`).url, { method: "POST", body: form, headers: { cookie: cookies[who]! } });
    return (await settle(() => boardAction({ request, context: contextFor(testApp.app, "acme"), params: { id: String(id) } } as never))) as Response;
  }

  it("is cropped to the board's 5:4, refused beside its field when it is no picture, and removed when asked", async () => {
    const id = await made();
    await invite(id, "manager", [ids.employee!]);
    const photo = new Uint8Array(await sharp({ create: { width: 800, height: 800, channels: 3, background: "#f0a" } }).png().toBuffer());
    const refused = await postPicture(id, "employee", { message: "Kept as typed" }, { bytes: new Uint8Array(new TextEncoder().encode("not a picture")), name: "cake.png" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: { picture: ["This file is not an image. Choose a JPEG, PNG, WebP or GIF picture."] }, typed: "Kept as typed" });
    expect(await acme.selectFrom("celebration_board_contribution").select("id").where("board_id", "=", id).execute()).toEqual([]);

    expect((await postPicture(id, "employee", { message: "With cake" }, { bytes: photo, name: "cake.png" })).status).toBe(302);
    const shown = (await view(id, "manager")) as { board: BoardView };
    expect(shown.board.contributions[0]).toMatchObject({ message: "With cake", picture: expect.stringMatching(/^\/assets\/[0-9a-f-]{36}\//) });
    const { picture_asset_id } = await acme.selectFrom("celebration_board_contribution").select("picture_asset_id").where("board_id", "=", id).executeTakeFirstOrThrow();
    const asset = await acme.selectFrom("asset").select(["width", "height"]).where("id", "=", picture_asset_id!).executeTakeFirstOrThrow();
    expect([asset.width, asset.height]).toEqual([305, 244]);

    // Rewritten without a new file, the picture stays; asked to, it goes.
    await postPicture(id, "employee", { message: "With cake, again" });
    expect((await acme.selectFrom("celebration_board_contribution").select("picture_asset_id").where("board_id", "=", id).executeTakeFirstOrThrow()).picture_asset_id).toBe(picture_asset_id);
    await postPicture(id, "employee", { message: "No cake", removePicture: "on" });
    expect((await acme.selectFrom("celebration_board_contribution").select("picture_asset_id").where("board_id", "=", id).executeTakeFirstOrThrow()).picture_asset_id).toBeNull();
  });
});

describe("the boxes, the public link and the program's walls", () => {
  it("lists each person's boards in their boxes", async () => {
    const id = await made();
    await invite(id, "manager", [ids.employee!]);
    const created = (await (await run(createdLoader, "/celebration-board/created", "manager")).json()) as { boards: BoardListItem[] };
    expect(created.boards.find((each) => each.id === id)).toMatchObject({ invited: 1, contributions: 0, status: "OPEN" });
    const toWrite = (await (await run(contributeLoader, "/celebration-board/contribute", "employee")).json()) as { boards: BoardListItem[] };
    expect(toWrite.boards.find((each) => each.id === id)).toMatchObject({ contributed: false });
    const received = (await (await run(receivedLoader, "/celebration-board/received", "celebrated")).json()) as { boards: BoardListItem[] };
    expect(received.boards.map((each) => each.id)).not.toContain(id);
    // Every board of the program, for program managers only.
    const all = (await (await run(allLoader, "/celebration-board/all", "admin")).json()) as { boards: BoardListItem[] };
    expect(all.boards.find((each) => each.id === id)).toMatchObject({ creator: { id: ids.manager }, recipient: { id: ids.celebrated } });
    expect((await run(allLoader, "/celebration-board/all", "manager")).headers.get("Location")).toBe("/feed");
  });

  it("reports the boards made in a period", async () => {
    const id = await made([["category", "WELCOME"], ["title", "Welcome, friend!"]]);
    await invite(id, "manager", [ids.employee!]);
    await post(id, "employee", [["intent", "contribute"], ["message", "Welcome!"]]);
    const rows = await boardsReport.rows({ db: acme, start: new Date(Date.now() - 60_000), end: new Date(Date.now() + 60_000), timeZone: tenant.config.program.timeZone, registry: testApp.app.registry });
    expect(rows.find((row) => row.board === id)).toMatchObject({ date: today, category: "Welcome", title: "Welcome, friend!", invited: 1, messages: 1, status: "Open", shared: "No" });
  });

  it("shows a delivered board by its token, without signing in, in its own program only", async () => {
    const id = await made();
    const { public_token: token } = await acme.selectFrom("celebration_board").select("public_token").where("id", "=", id).executeTakeFirstOrThrow();
    const open = (subdomain: string, value = token) => run(publicLoader, `/celebration-board/public/${value}`, "nobody", undefined, { token: value }, subdomain);
    expect((await open("acme")).status).toBe(404);
    await post(id, "manager", [["intent", "approve"]]);
    const shown = await open("acme");
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { board: { title: string; recipient: { avatarUrl: null } } }).board).toMatchObject({ title: "Happy birthday!", recipient: { avatarUrl: null } });
    expect((await open("acme", String(id).padStart(24, "0"))).status).toBe(404);
    // Globex's handle finds nothing of Acme's, by token or by id.
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await readBoard(globex, boardsOptionsOf(tenant.config), { token })).toBeNull();
    expect(await readBoard(globex, boardsOptionsOf(tenant.config), { id })).toBeNull();
  });
});

describe("the daily reminders", () => {
  it("tells the people invited who have not written that it closes tomorrow, and its creator when it closed", async () => {
    const closing = await made([["closesOn", addDays(today, 1)]]);
    await invite(closing, "manager", [ids.employee!, ids.admin!]);
    await post(closing, "admin", [["intent", "contribute"], ["message", "Done"]]);
    const closed = await made();
    await acme.updateTable("celebration_board").set({ closes_on: addDays(today, -1) }).where("id", "=", closed).execute();
    await remindAboutBoards(testApp.app, tenant, acme, new Date());
    await remindAboutBoards(testApp.app, tenant, acme, new Date());
    const told = (type: string, id: number) => acme.selectFrom("notification").select("employee_id").where("type", "=", type).where("link", "=", `/celebration-board/${id}`).execute();
    await expect.poll(async () => (await told("CELEBRATION_BOARD_CLOSING_SOON", closing)).map((row) => row.employee_id), { timeout: 20_000 }).toEqual([ids.employee]);
    await expect.poll(async () => (await told("CELEBRATION_BOARD_REVIEW_READY", closed)).map((row) => row.employee_id), { timeout: 20_000 }).toEqual([ids.manager]);
  });
});
