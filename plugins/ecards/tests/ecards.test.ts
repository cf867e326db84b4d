import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { balanceOf } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { loader as peopleSearch } from "~/routes/people.search";
import { loader as profileLoader } from "~/routes/profile.$id";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import { milestoneActions } from "~/modules/shell/extension-points";
import { contextFor, createTestApp, requestTo, settle, signInAs, tenantOf, signInPeople, versionMovesAt, type TestApp } from "../../../tests/setup/test-app";
import { ecardMessages, type EcardComposerView } from "../composer.server";
import { replyMessages } from "../replies.server";
import { mayReply } from "../rules";
import { cancelEcard, deliverEcard, sendDueEcards, updateScheduledEcard } from "../send.server";
import { action as newAction, loader as newLoader } from "../routes/ecard.new._index";
import { action as pictureAction } from "../routes/ecard.new.picture";
import { action as videoAction } from "../routes/ecard.new.video";
import { mp4 } from "../../../tests/setup/videos";
import { eventually } from "../../../tests/setup/eventually";
import sharp from "sharp";
import { action as receivedAction, loader as receivedLoader } from "../routes/ecard.received.$id";
import { loader as managerLoader } from "../routes/ecard.received.manager.$id";
import { loader as sentLoader } from "../routes/ecard.sent.$id._index";
import { loader as receivedBox } from "../routes/ecard.received._index";
import type { EcardView } from "../read.server";

let testApp: TestApp;
let acme: ProgramDb;
let tenant: Tenant;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 6 });
  tenant = await testApp.app.tenantSettings.effective(tenantOf(testApp.app, "acme"));
  acme = testApp.app.database.forProgram(tenant.programId);
  const people = await signInPeople(testApp.app, "acme");
  Object.assign(ids, people.ids);
  Object.assign(cookies, people.cookies);
  // Someone else of Acme's, neither sender nor recipient of the cards here.
  const other = await acme.selectFrom("employee").select("login_id").where("id", "not in", Object.values(ids)).where("active", "=", true).where("must_change_password", "=", false).orderBy("id").executeTakeFirstOrThrow();
  const signed = await signInAs(testApp.app, "acme", other.login_id);
  ids.other = signed.employeeId;
  cookies.other = signed.cookie;
  cookies.globex = (await signInAs(testApp.app, "globex", "admin")).cookie;
});
afterAll(() => testApp.close());

type Fields = [string, string][];
type Route = (args: never) => Promise<unknown>;

/** A program whose eCard limits let this file's few people send as many cards as its tests need; the limit's own test uses the tenant file's. */
function roomy(context: AppLoadContext): AppLoadContext {
  const { config } = context.tenant;
  const ecards = { ...(config.features.ecards ?? { enabled: true }), limits: { perMinute: 10_000, perHour: 10_000 } };
  return { ...context, tenant: { ...context.tenant, config: { ...config, features: { ...config.features, ecards } } } };
}

async function run(route: Route, path: string, who: string, fields?: Fields, params: Record<string, string> = {}, subdomain = "acme", limits: "roomy" | "as configured" = "roomy") {
  const cookie = cookies[who];
  const request = fields ? requestTo(subdomain, path, { method: "POST", body: new URLSearchParams(fields), cookie }) : requestTo(subdomain, path, { cookie });
  const context = limits === "roomy" ? roomy(contextFor(testApp.app, subdomain)) : contextFor(testApp.app, subdomain);
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context, params }))) as Response;
}

let keys = 0;
const newKey = () => `ecard-key-${++keys}-${Date.now()}`;
/** A card's fields: a design, a message, now, a new key, with `fields` added (and replacing those of the same name). */
const card = (fields: Fields = []): Fields => {
  const given = new Set(fields.map(([name]) => name));
  const defaults: Fields = [["design", "thanks-stars"], ["message", "Thank you for the launch!"], ["when", "now"], ["key", newKey()]];
  return [...defaults.filter(([name]) => !given.has(name)), ...fields];
};

/** Sends the form as the composer's Send does; the id of the card when it was saved. */
async function send(who: string, fields: Fields) {
  const response = await run(newAction, "/ecard/new", who, fields);
  const location = response.headers.get("Location");
  if (location) return { id: Number(location.split("/").at(-1)), view: null, status: response.status };
  return { id: null, view: ((await response.json()) as { view: EcardComposerView }).view, status: response.status };
}

async function open(route: Route, box: string, id: number, who: string, subdomain = "acme") {
  const response = await run(route, `/ecard/${box}/${id}`, who, undefined, { id: String(id) }, subdomain);
  if (response.status !== 200) return { status: response.status, card: null };
  return { status: 200, card: ((await response.json()) as { card: EcardView }).card };
}

function tomorrowIn(zone: string) {
  const day = new Date(Date.now() + 36 * 60 * 60 * 1000);
  return day.toLocaleDateString("en-CA", { timeZone: zone });
}

describe("sending an eCard", () => {
  it("with points to two people, through the points confirmation: paid once through the ledger, each notified, the manager copied", async () => {
    const fields = card([["pm", String(ids.employee)], [`pts.${ids.employee}`, "30"], ["pm", String(ids.manager)], [`pts.${ids.manager}`, "20"], ["cc", "1"]]);
    const giver = await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.admin! });
    const receiver = await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! });

    const asked = await send("admin", fields);
    expect(asked.view?.step).toBe("confirm-points");
    expect(asked.view?.totalPoints).toBe(50);
    const confirmed: Fields = [...fields, ["seenPoints", "1"]];
    const first = await send("admin", confirmed);
    const again = await send("admin", confirmed);
    expect(first.id).toEqual(expect.any(Number));
    expect(again.id).toBe(first.id);

    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.admin! })).toBe(giver - 50);
    expect(await balanceOf(acme, { kind: "SHOPPING", employeeId: ids.employee! })).toBe(receiver + 30);
    const transfers = await acme.selectFrom("points_transfer").select(["kind", "amount"]).where("reference", "=", `ecard:${first.id}`).orderBy("amount").execute();
    expect(transfers).toEqual([
      { kind: "ECARD_POINTS", amount: 20 },
      { kind: "ECARD_POINTS", amount: 30 },
    ]);
    // Delivering again (a retried job) moves nothing more.
    await deliverEcard(testApp.app, tenant, acme, first.id!);
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.admin! })).toBe(giver - 50);

    const received = await open(receivedLoader, "received", first.id!, "employee");
    expect(received.card).toMatchObject({ message: "Thank you for the launch!", sender: { id: ids.admin }, canReply: true });
    // The recipient sees their own points only.
    expect(received.card!.recipients.map((r) => [r.person.id, r.points])).toEqual([
      [ids.employee, 30],
      [ids.manager, null],
    ]);
    // The employee's manager got a copy; the manager's own manager is the sender, who is not copied on their own card.
    const copy = await open(managerLoader, "received/manager", first.id!, "manager");
    expect(copy.card?.recipients.map((r) => r.person.id)).toEqual([ids.employee]);
    expect(copy.card?.canReply).toBe(false);
    const told = () =>
      acme.selectFrom("notification").select(["employee_id", "type", "link", "image_url"]).where("link", "like", `/ecard/%/${first.id}`).orderBy("type").orderBy("employee_id").execute();
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(3);
    // Each carries the card's design, as a PNG for e-mails.
    const image_url = "/ecard/designs/thanks-stars.png";
    expect(await told()).toEqual([
      { employee_id: ids.manager, type: "ECARD_MANAGER_COPY", link: `/ecard/received/manager/${first.id}`, image_url },
      ...[ids.manager, ids.employee].sort((a, b) => a! - b!).map((id) => ({ employee_id: id, type: "ECARD_RECEIVED", link: `/ecard/received/${first.id}`, image_url })),
    ]);
  });

  it("refuses what a card must have, beside each field, keeping what was typed", async () => {
    const refused = await send("employee", [["design", "no-such-design"], ["message", " "], ["when", "later"], ["date", "2001-01-01"], ["key", newKey()]]);
    expect(refused.status).toBe(400);
    expect(refused.view?.errors).toMatchObject({ mentions: [ecardMessages.noRecipients], design: [ecardMessages.noDesign], message: [ecardMessages.noMessage], date: [ecardMessages.badDate] });
    expect(refused.view?.draft).toMatchObject({ later: true, date: "2001-01-01" });
    const tooLong = await send("employee", card([["m", String(ids.manager)], ["message", "x".repeat(1_001)]]));
    expect(tooLong.view?.errors.message).toEqual([ecardMessages.tooLong]);
    const tooMany = await send("employee", card([["pm", String(ids.manager)], [`pts.${ids.manager}`, "5"]]));
    expect(tooMany.view?.errors.points).toBeDefined();
  });

  it("goes only to people who use eCards: the lookup leaves the others out and the send refuses them", async () => {
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ ...(await permissionsOf(ids.other!)), usesEcards: false }) }).where("id", "=", ids.other!).execute();
    const name = (await acme.selectFrom("employee").select("first_name").where("id", "=", ids.other!).executeTakeFirstOrThrow()).first_name;
    const search = async (purpose: string) => {
      const response = await run(peopleSearch, `/people/search?for=${purpose}&q=${encodeURIComponent(name)}`, "employee");
      return ((await response.json()) as { people: { id: number }[] }).people.map((person) => person.id);
    };
    expect(await search("people")).toContain(ids.other);
    expect(await search("ecards")).not.toContain(ids.other);
    const picked = await run(newLoader, `/ecard/new?to=${ids.other}`, "employee");
    expect(((await picked.json()) as { view: EcardComposerView }).view.draft.selection.named).toEqual([]);
    const refused = await send("employee", card([["m", String(ids.other)]]));
    expect(refused.view?.errors.mentions).toEqual([ecardMessages.cannotReceive]);
    // The profile offers 'Send eCard' only when both sides use eCards.
    const actionsOn = async (id: number) => ((await (await run(profileLoader, `/profile/${id}`, "employee", undefined, { id: String(id) })).json()) as { actions: { label: string }[] }).actions.map((action) => action.label);
    expect(await actionsOn(ids.other!)).not.toContain("Send eCard");
    expect(await actionsOn(ids.manager!)).toContain("Send eCard");
    await acme.updateTable("employee").set({ permissions: JSON.stringify({ ...(await permissionsOf(ids.other!)), usesEcards: true }) }).where("id", "=", ids.other!).execute();
  });
});

async function permissionsOf(id: number) {
  return (await acme.selectFrom("employee").select("permissions").where("id", "=", id).executeTakeFirstOrThrow()).permissions;
}

describe("from a post", () => {
  it("'Send eCard' in a post's menu starts a card to the post's author", async () => {
    const item = await acme.insertInto("feed_item", { kind: "userGenerated", foreign_id: `post-${Date.now()}`, author_id: ids.manager!, data: "{}" }).returning("id").executeTakeFirstOrThrow();
    const { view } = (await (await run(newLoader, `/ecard/new?entryLink=SocialPost&post=${item.id}`, "employee")).json()) as { view: EcardComposerView };
    expect(view.draft.selection.named).toEqual([{ employeeId: ids.manager, sources: [] }]);
  });
});

describe("from a milestone", () => {
  it("'Send eCard' on a birthday to come starts with a birthday design, sent on that day", async () => {
    const day = tomorrowIn(tenant.config.program.timeZone);
    // The action eCards adds to milestone cards (the milestones plugin draws them), for a viewer who uses eCards.
    const employee = (await loadCurrentEmployee(acme, ids.employee!))!;
    const viewer = { employee: { ...employee, permissions: testApp.app.registry.withPermissionDefaults(employee.permissions) }, tenant: tenant.config, delegation: null };
    const [action] = testApp.app.registry.visibleExtensions(viewer, milestoneActions);
    expect(action).toMatchObject({ label: "Send eCard", personPermission: "usesEcards" });
    const href = action!.href({ personId: ids.manager!, event: "BIRTHDAY", date: day });
    const response = await run(newLoader, href, "employee");
    const { view } = (await response.json()) as { view: EcardComposerView };
    expect(view.draft).toMatchObject({ design: "birthday-balloons", later: true, date: day, selection: { named: [{ employeeId: ids.manager, sources: [] }] } });
    const past = ((await (await run(newLoader, `/ecard/new?event=anniversary&date=2001-01-01`, "employee")).json()) as { view: EcardComposerView }).view;
    expect(past.draft).toMatchObject({ design: "anniversary-stars", later: false });
  });
});

describe("a picture of the sender's own", () => {
  it("becomes the card's design, cropped to the eCard canvas; nobody else may send it", async () => {
    const form = new FormData();
    const square = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#447722" } }).png().toBuffer();
    form.set("picture", new Blob([new Uint8Array(square)]), "mine.png");
    const query = new URLSearchParams(card([["m", String(ids.employee)]])).toString();
    const url = requestTo("acme", `/ecard/new/picture?${query}`).url;
    const uploaded = (await settle(() => pictureAction({ request: new Request(url, { method: "POST", body: form, headers: { cookie: cookies.manager! } }), context: contextFor(testApp.app, "acme"), params: {} } as never))) as Response;
    const back = new URL(uploaded.headers.get("Location")!, "http://acme.localhost");
    const design = back.searchParams.get("design")!;
    expect(design).toMatch(/^upload:[0-9a-f-]{36}$/);
    const asset = await acme.selectFrom("asset").select(["width", "height"]).where("id", "=", design.slice("upload:".length)).executeTakeFirstOrThrow();
    expect([asset.width, asset.height]).toEqual([700, 394]);

    // The area a cropper chose is the card's (a square is no eCard's shape, and is refused beside the field).
    const cropped = new FormData();
    cropped.set("picture", new Blob([new Uint8Array(square)]), "mine.png");
    for (const [name, value] of Object.entries({ x: "0", y: "0", width: "300", height: "300" })) cropped.set(name, value);
    const refused = (await settle(() => pictureAction({ request: new Request(url, { method: "POST", body: cropped, headers: { cookie: cookies.manager! } }), context: contextFor(testApp.app, "acme"), params: {} } as never))) as Response;
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { view: EcardComposerView }).view.errors.picture).toEqual(["Choose an area inside the picture, in the shape shown."]);

    const stolen = await send("employee", card([["m", String(ids.manager)], ["design", design]]));
    expect(stolen.view?.errors.design).toEqual([ecardMessages.noDesign]);
    const { id } = await send("manager", card([["m", String(ids.employee)], ["design", design]]));
    expect((await open(receivedLoader, "received", id!, "employee")).card?.design).toMatchObject({ id: design, src: expect.stringMatching(/^\/assets\//), alt: "A picture chosen by the sender" });
  });
});

describe("a video of the sender's own", () => {
  it("is the card, processed by the platform's job: its poster until then, then it plays; the e-mail shows the poster", async () => {
    const form = new FormData();
    form.set("video", new Blob([new Uint8Array(mp4({ mediaBytes: 32 * 1024 }))]), "hello.mp4");
    const url = requestTo("acme", `/ecard/new/video?${new URLSearchParams(card([["m", String(ids.employee)]]))}`).url;
    const uploaded = (await settle(() => videoAction({ request: new Request(url, { method: "POST", body: form, headers: { cookie: cookies.manager! } }), context: contextFor(testApp.app, "acme"), params: {} } as never))) as Response;
    const design = new URL(uploaded.headers.get("Location")!, "http://acme.localhost").searchParams.get("design")!;
    expect(design).toMatch(/^video:[0-9a-f-]{36}$/);
    const { id } = await send("manager", card([["m", String(ids.employee)], ["design", design]]));
    const shown = async () => (await open(receivedLoader, "received", id!, "employee")).card!.design;
    expect(await shown()).toMatchObject({ id: design, src: "/ecard/designs/video.svg", video: { contentType: "video/mp4" } });
    await eventually(shown, (found) => found.video?.processing === "COMPLETE");
    const told = await eventually(
      () => acme.selectFrom("notification").select("image_url").where("link", "=", `/ecard/received/${id}`).execute(),
      (rows) => rows.length > 0,
    );
    expect(told).toEqual([{ image_url: "/ecard/designs/video.png" }]);
    // Not a picture: a video sent as the picture step's file is refused there.
    const wrong = new FormData();
    wrong.set("picture", new Blob([new Uint8Array(mp4({ mediaBytes: 1024 }))]), "hello.png");
    const refused = (await settle(() =>
      pictureAction({ request: new Request(requestTo("acme", `/ecard/new/picture?${new URLSearchParams(card())}`).url, { method: "POST", body: wrong, headers: { cookie: cookies.manager! } }), context: contextFor(testApp.app, "acme"), params: {} } as never),
    )) as Response;
    expect(refused.status).toBe(400);
  });
});

describe("replies (spec: eCard reply permission)", () => {
  it("the rule in every case", () => {
    const card = { senderId: 1, recipientIds: [2, 3], replierIds: [3] };
    expect(mayReply(card, 2)).toBe(true);
    expect(mayReply(card, 1)).toBe(false);
    expect(mayReply(card, 3)).toBe(false);
    expect(mayReply(card, 4)).toBe(false);
    expect(mayReply({ senderId: 1, recipientIds: [1], replierIds: [] }, 1)).toBe(false);
  });

  it("a recipient replies once, edits and deletes their reply; the sender, a manager and anyone else cannot reply", async () => {
    const sent = await send("manager", card([["m", String(ids.employee)], ["cc", "1"]]));
    const id = sent.id!;
    const reply = (who: string, fields: Fields) => run(receivedAction, `/ecard/received/${id}`, who, fields, { id: String(id) });

    const tooLong = await reply("employee", [["intent", "reply"], ["text", "y".repeat(451)]]);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ errors: { text: [replyMessages.tooLong] }, text: "y".repeat(451) });
    expect((await reply("employee", [["intent", "reply"], ["text", "Thank you!"]])).status).toBe(302);
    expect((await reply("employee", [["intent", "reply"], ["text", "Again"]])).status).toBe(403);
    expect((await reply("manager", [["intent", "reply"], ["text", "Me too"]])).status).toBe(403);
    expect((await reply("other", [["intent", "reply"], ["text", "Hi"]])).status).toBe(403);

    const thread = await open(sentLoader, "sent", id, "manager");
    expect(thread.card!.replies.map((r) => [r.author.id, r.text])).toEqual([[ids.employee, "Thank you!"]]);
    const replyId = thread.card!.replies[0]!.id;
    expect((await reply("manager", [["intent", "edit-reply"], ["reply", String(replyId)], ["text", "Hijacked"]])).status).toBe(404);
    expect((await reply("employee", [["intent", "edit-reply"], ["reply", String(replyId)], ["text", "Thank you so much!"]])).status).toBe(302);
    expect((await open(sentLoader, "sent", id, "manager")).card!.replies[0]).toMatchObject({ text: "Thank you so much!", edited: true });
    expect((await open(receivedLoader, "received", id, "employee")).card!.canReply).toBe(false);
    expect((await reply("employee", [["intent", "delete-reply"], ["reply", String(replyId)]])).status).toBe(302);
    expect((await open(sentLoader, "sent", id, "manager")).card!.replies).toEqual([]);
  });

  it("only the sender, the recipients and their copied managers find a card; another program's card is not found", async () => {
    const sent = await send("manager", card([["m", String(ids.employee)]]));
    const id = sent.id!;
    expect((await open(receivedLoader, "received", id, "other")).status).toBe(404);
    expect((await open(sentLoader, "sent", id, "employee")).status).toBe(404);
    expect((await open(managerLoader, "received/manager", id, "admin")).status).toBe(404);
    expect((await open(receivedLoader, "received", id, "globex", "globex")).status).not.toBe(200);
    const globex = testApp.app.database.forProgram(tenantOf(testApp.app, "globex").programId);
    expect(await globex.selectFrom("ecard").select("id").where("id", "=", id).execute()).toEqual([]);
    // Opening it marks it read in the recipient's box.
    const box = async () => ((await (await run(receivedBox, "/ecard/received", "employee")).json()) as { items: { id: number; unread: boolean }[] }).items.find((item) => item.id === id);
    expect(await box()).toMatchObject({ unread: true });
    await open(receivedLoader, "received", id, "employee");
    expect(await box()).toMatchObject({ unread: false });
    // Opening it again keeps the time it was first read.
    const readAt = () => acme.selectFrom("ecard_recipient").select("read_at").where("ecard_id", "=", id).where("employee_id", "=", ids.employee!).executeTakeFirstOrThrow();
    const first = await readAt();
    expect(first.read_at).not.toBeNull();
    await open(receivedLoader, "received", id, "employee");
    expect(await readAt()).toEqual(first);
  });
});

describe("the pages, kept until the eCards' version moves", () => {
  it("show what was written beside them: the sender's new name in the box and on the card, a reply, a design hidden from the composer", async () => {
    const id = (await send("manager", card([["m", String(ids.employee)]]))).id!;
    const inBox = async () => ((await (await run(receivedBox, "/ecard/received", "employee")).json()) as { items: { id: number; from: string | null }[] }).items.find((item) => item.id === id);
    const { display_name } = await acme.selectFrom("employee").select("display_name").where("id", "=", ids.manager!).executeTakeFirstOrThrow();
    expect([(await inBox())?.from, (await open(receivedLoader, "received", id, "employee")).card!.sender.displayName]).toEqual([display_name, display_name]);
    await acme.updateTable("employee").set({ display_name: "Renamed Sender" }).where("id", "=", ids.manager!).execute();
    expect([(await inBox())?.from, (await open(receivedLoader, "received", id, "employee")).card!.sender.displayName]).toEqual(["Renamed Sender", "Renamed Sender"]);
    await acme.updateTable("employee").set({ display_name }).where("id", "=", ids.manager!).execute();
    expect((await open(sentLoader, "sent", id, "manager")).card!.replies).toEqual([]);
    await acme.insertInto("ecard_reply", { ecard_id: id, employee_id: ids.employee!, text: "Written beside" }).execute();
    expect((await open(sentLoader, "sent", id, "manager")).card!.replies.map((reply) => reply.text)).toEqual(["Written beside"]);
    const offered = async () => ((await (await run(newLoader, "/ecard/new", "manager")).json()) as { view: EcardComposerView }).view.designs.map((design) => design.id);
    const [first] = await offered();
    await acme.insertInto("ecard_library_hidden", { design_id: first! }).execute();
    expect(await offered()).not.toContain(first);
    await acme.deleteFrom("ecard_library_hidden").where("design_id", "=", first!).execute();
    expect(await offered()).toContain(first);
  });
});

describe("the people on a card", () => {
  it("show no job titles, so a new title leaves the eCards' version where a new name moves it", async () => {
    const id = (await send("manager", card([["m", String(ids.employee)]]))).id!;
    const { sender } = (await open(receivedLoader, "received", id, "employee")).card!;
    expect(sender).toEqual({ id: ids.manager, displayName: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), avatarUrl: null });
    expect(await versionMovesAt(acme, "ecards", ids.manager!, { job_title: "Head of Cards" })).toBe(false);
    expect(await versionMovesAt(acme, "ecards", ids.manager!, { display_name: "Renamed Sender" })).toBe(true);
  });
});

describe("scheduled eCards", () => {
  it("are sent by the job on their day at the program's time zone, not before", async () => {
    const day = tomorrowIn(tenant.config.program.timeZone);
    const sent = await send("manager", card([["m", String(ids.employee)], ["when", "later"], ["date", day]]));
    const id = sent.id!;
    expect((await acme.selectFrom("ecard").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("SCHEDULED");
    expect((await open(receivedLoader, "received", id, "employee")).status).toBe(404);

    // 09:00 UTC on that day is still the day before in Honolulu, and already that day in Auckland.
    const nineAm = new Date(`${day}T09:00:00Z`);
    const inZone = (timeZone: string): Tenant => ({ ...tenant, config: { ...tenant.config, program: { ...tenant.config.program, timeZone } } });
    await sendDueEcards(testApp.app, inZone("Pacific/Honolulu"), acme, nineAm);
    expect((await acme.selectFrom("ecard").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("SCHEDULED");
    await sendDueEcards(testApp.app, inZone("Pacific/Auckland"), acme, nineAm);
    expect((await acme.selectFrom("ecard").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("SENT");
    expect((await open(receivedLoader, "received", id, "employee")).card?.status).toBe("SENT");
  });

  it("debit their points when sent, and tell the sender what could not be sent (points no longer there, someone who left)", async () => {
    const day = tomorrowIn(tenant.config.program.timeZone);
    const available = await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! });
    const fields = card([["pm", String(ids.employee)], [`pts.${ids.employee}`, String(available)], ["m", String(ids.other)], ["when", "later"], ["date", day], ["seenPoints", "1"]]);
    const { id } = await send("manager", fields);
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! })).toBe(available);
    // Meanwhile the manager gives a point away, and the other person leaves.
    await send("manager", card([["pm", String(ids.admin)], [`pts.${ids.admin}`, "1"], ["seenPoints", "1"]]));
    await acme.updateTable("employee").set({ active: false }).where("id", "=", ids.other!).execute();

    await sendDueEcards(testApp.app, tenant, acme, new Date(`${day}T23:59:00Z`));
    await sendDueEcards(testApp.app, tenant, acme, new Date(`${day}T23:59:00Z`));
    await acme.updateTable("employee").set({ active: true }).where("id", "=", ids.other!).execute();
    const rows = await acme.selectFrom("ecard_recipient").select(["employee_id", "status", "points_paid"]).where("ecard_id", "=", id!).orderBy("id").execute();
    expect(rows).toEqual([
      { employee_id: ids.other, status: "SKIPPED", points_paid: false },
      { employee_id: ids.employee, status: "DELIVERED", points_paid: false },
    ]);
    expect(await balanceOf(acme, { kind: "DISCRETIONARY", employeeId: ids.manager! })).toBe(available - 1);
    const told = () => acme.selectFrom("notification").select(["employee_id", "message"]).where("type", "=", "ECARD_NOT_SENT").where("link", "=", `/ecard/sent/${id}`).execute();
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
    expect((await told())[0]).toMatchObject({ employee_id: ids.manager, message: expect.stringMatching(/left the program.*no longer had them/) });
  });

  it("can be edited and cancelled until they are sent, by their sender only", async () => {
    const day = tomorrowIn(tenant.config.program.timeZone);
    const { id } = await send("manager", card([["m", String(ids.employee)], ["when", "later"], ["date", day]]));
    const changes = { design: "congrats-sun", message: "Changed", sendOn: day, managerCopy: false, isPublic: false };
    expect(await updateScheduledEcard(acme, ids.employee!, id!, changes)).toBe(false);
    expect(await updateScheduledEcard(acme, ids.manager!, id!, changes)).toBe(true);
    expect(await acme.selectFrom("ecard").select(["design", "message"]).where("id", "=", id!).executeTakeFirstOrThrow()).toEqual({ design: "congrats-sun", message: "Changed" });
    expect(await cancelEcard(acme, ids.employee!, id!)).toBe(false);
    expect(await cancelEcard(acme, ids.manager!, id!)).toBe(true);
    await sendDueEcards(testApp.app, tenant, acme, new Date(`${day}T23:59:00Z`));
    expect((await acme.selectFrom("ecard").select("status").where("id", "=", id!).executeTakeFirstOrThrow()).status).toBe("CANCELLED");

    const { id: sentId } = await send("manager", card([["m", String(ids.employee)]]));
    expect(await updateScheduledEcard(acme, ids.manager!, sentId!, changes)).toBe(false);
    expect(await cancelEcard(acme, ids.manager!, sentId!)).toBe(false);
  });
});

describe("limits", () => {
  it("one person sends at most the program's eCards a minute (10 by default), and is told when to try again", async () => {
    const sendAs = (who: string) => run(newAction, "/ecard/new", who, card([["m", String(ids.employee)]]), {}, "acme", "as configured");
    for (let i = 0; i < 10; i++) expect((await sendAs("other")).status).toBe(302);
    const refused = await sendAs("other");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { view: EcardComposerView }).view.errors.mentions?.[0]).toMatch(/try again/i);
  });
});

describe("privacy", () => {
  it("a private eCard is in no feed; a public one names only the recipients who accept public recognition", async () => {
    const { id: privateId } = await send("manager", card([["m", String(ids.employee)]]));
    expect(await acme.selectFrom("feed_item").select("id").where("kind", "=", "ecard").where("foreign_id", "=", String(privateId)).execute()).toEqual([]);
    expect(await acme.selectFrom("wall_item").select(["item_type", "data"]).where("foreign_id", "=", String(privateId)).execute()).toEqual([
      { item_type: "ECARD", data: { ecardId: privateId, image: "/ecard/designs/thanks-stars.svg", alt: "Thank you, with stars", senderName: "Morgan Manager" } },
    ]);

    await acme.updateTable("employee").set({ preferences: JSON.stringify({ publicRecognitionEnabled: false }) }).where("id", "=", ids.admin!).execute();
    const fields = card([["m", String(ids.employee)], ["m", String(ids.admin)], ["public", "1"]]);
    const { id } = await send("manager", [...fields, ["seenPrivate", "1"]]);
    const item = await acme.selectFrom("feed_item").select("id").where("kind", "=", "ecard").where("foreign_id", "=", String(id)).executeTakeFirstOrThrow();
    expect((await acme.selectFrom("post_mention").select("employee_id").where("post_id", "=", item.id).execute()).map((row) => row.employee_id)).toEqual([ids.employee]);
    const walls = await acme.selectFrom("wall_item").select(["employee_id", "item_type"]).where("foreign_id", "=", String(id)).orderBy("item_type").execute();
    expect(walls).toEqual([
      { employee_id: ids.admin, item_type: "ECARD" },
      { employee_id: ids.employee, item_type: "MANAGER_ECARD" },
    ]);
    await acme.updateTable("employee").set({ preferences: JSON.stringify({}) }).where("id", "=", ids.admin!).execute();
  });
});
