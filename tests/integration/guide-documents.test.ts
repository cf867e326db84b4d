import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as guideAction, loader as guideAdminLoader } from "~/routes/program-settings_.guide";
import { loader as guideLoader } from "~/routes/settings.program-guide";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, type TestApp } from "../setup/test-app";

let testApp: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  for (const [subdomain, loginId] of [["acme", "admin"], ["acme", "employee"], ["globex", "admin"]] as const) cookies[`${subdomain}:${loginId}`] = (await signInAs(testApp.app, subdomain, loginId)).cookie;
});
afterAll(() => testApp.close());

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

async function call(route: (args: never) => Promise<unknown>, request: Request, subdomain = "acme") {
  return (await settle(() => (route as (args: unknown) => Promise<Response>)({ request, context: contextFor(testApp.app, subdomain), params: {} }))) as Response;
}

function upload(fields: { title: string; file?: [Blob, string] }, who = "acme:admin") {
  const form = new FormData();
  form.set("title", fields.title);
  if (fields.file) form.set("document", ...fields.file);
  const cookie = cookies[who]!;
  return call(guideAction, new Request(requestTo("acme", "/program-settings/guide?upload", { cookie }).url, { method: "POST", body: form, headers: { cookie } }));
}

type Guide = { documents: { id: number; title: string; href: string; contentType: string }[] };
const guideSeenBy = async (who: string, subdomain = "acme") => (await (await call(guideLoader, requestTo(subdomain, "/settings/program-guide", { cookie: cookies[who] }), subdomain)).json()) as Guide;

describe("the program guide's documents", () => {
  it("are added by program managers (a file checked by its content, and a title, each refused beside its field) and listed for everyone", async () => {
    const untitled = await upload({ title: " ", file: [new Blob([PDF]), "policy.pdf"] });
    expect(untitled.status).toBe(400);
    expect(await untitled.json()).toEqual({ ok: false, errors: { title: ["Give the document a title."] }, typed: { title: " " } });
    const program = await upload({ title: "Setup", file: [new Blob([Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 1)])]), "setup.pdf"] });
    expect(((await program.json()) as { errors: Record<string, string[]> }).errors.document).toEqual(["This type of file is not accepted. Choose a PDF, JPG, PNG, ZIP, CSV, XLS, XLSX, JSON or TXT file."]);
    expect(((await (await upload({ title: "Nothing" })).json()) as { errors: Record<string, string[]> }).errors.document).toEqual(["Choose a file."]);

    expect((await upload({ title: "Recognition policy", file: [new Blob([PDF]), "policy.pdf"] })).headers.get("Location")).toBe("/program-settings/guide");
    const guide = await guideSeenBy("acme:employee");
    expect(guide.documents).toEqual([{ id: expect.any(Number), title: "Recognition policy", href: expect.stringMatching(/^\/assets\/[0-9a-f-]{36}\/policy\.pdf$/), contentType: "application/pdf", byteSize: PDF.length }]);
    expect((await guideSeenBy("globex:admin", "globex")).documents).toEqual([]);

    expect((await upload({ title: "Mine", file: [new Blob([PDF]), "mine.pdf"] }, "acme:employee")).headers.get("Location")).toBe("/feed");
    expect((await call(guideAdminLoader, requestTo("acme", "/program-settings/guide", { cookie: cookies["acme:employee"] }))).headers.get("Location")).toBe("/feed");

    const removed = await call(guideAction, formPost("acme", "/program-settings/guide", { intent: "remove", document: String(guide.documents[0]!.id) }, cookies["acme:admin"]));
    expect(removed.headers.get("Location")).toBe("/program-settings/guide");
    expect((await guideSeenBy("acme:employee")).documents).toEqual([]);
  });

  it("are another program's to remove only within it", async () => {
    await upload({ title: "Handbook", file: [new Blob(["Welcome aboard."], { type: "text/plain" }), "handbook.txt"] });
    const [handbook] = (await guideSeenBy("acme:employee")).documents;
    const elsewhere = await call(guideAction, formPost("globex", "/program-settings/guide", { intent: "remove", document: String(handbook!.id) }, cookies["globex:admin"]), "globex");
    expect(elsewhere.headers.get("Location")).toBe("/program-settings/guide");
    expect((await guideSeenBy("acme:employee")).documents.map((document) => document.title)).toEqual(["Handbook"]);
  });
});

describe("the guide's preview", () => {
  it("renders the Markdown being written as the guide page will, sanitised", async () => {
    const preview = async (text: string) => (await (await call(guideAction, formPost("acme", "/program-settings/guide", { intent: "preview", text }, cookies["acme:admin"]))).json()) as { preview: string };
    expect(await preview("## Welcome\n\n**Thank** people <script>alert(1)</script> [here](javascript:alert(1))")).toEqual({ preview: expect.stringContaining("<h2>Welcome</h2>") });
    const html = (await preview("<script>alert(1)</script> [here](javascript:alert(1))")).preview;
    // Written as text, never as a tag or a link.
    expect(html).not.toMatch(/<script|href="javascript/);
    expect(html).toContain("&lt;script&gt;");
    expect(await preview("   ")).toEqual({ preview: "" });
  });
});
