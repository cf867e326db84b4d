import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "~/modules/delivery/outbox.server";
import { answers } from "~/modules/help/faq";
import { PRODUCT_VERSION } from "~/modules/version.server";
import { action as helpAction, loader as helpLoader } from "~/routes/help";
import { contextFor, createTestApp, formPost, requestTo, settle, signInAs, type TestApp } from "../setup/test-app";

let testApp: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ population: 0 });
  for (const loginId of ["admin", "manager", "employee"]) cookies[loginId] = (await signInAs(testApp.app, "acme", loginId)).cookie;
});
afterAll(() => testApp.close());

/** Acme with its support address, or none. */
function acmeWith(supportEmail = "recognition@acme.example.com"): AppLoadContext {
  const context = contextFor(testApp.app, "acme");
  const { config } = context.tenant;
  return { ...context, tenant: { ...context.tenant, config: { ...config, siteConfig: { ...config.siteConfig, supportEmail } } } };
}

const mails = async () => (await listOutbox(testApp.app.env.DATA_DIR, "acme", "mail")).filter((mail) => mail.subject.includes(" help] "));
const ask = async (who: string, fields: Record<string, string>, context = acmeWith()) =>
  (await settle(() => helpAction({ request: formPost("acme", "/help", fields, cookies[who]), context, params: {} }))) as Response;
type Page = { questions: { question: string; answer: string }[]; canAsk: boolean; version: string; search: string };
async function page(who: string, path = "/help", context = acmeWith()) {
  const response = (await settle(() => helpLoader({ request: requestTo("acme", path, { cookie: cookies[who] }), context, params: {} }))) as Response;
  return (await response.json()) as Page;
}

describe("/help", () => {
  it("answers the questions that apply to the person, says the version, and offers the form only with a support address", async () => {
    const admin = await page("admin");
    const employee = await page("employee");
    const contrast = "The page looks hard to read. Can it be clearer?";
    expect(employee.questions.map((entry) => entry.question)).toEqual(expect.arrayContaining(["How do I find a colleague?", contrast]));
    const plain = acmeWith();
    plain.tenant = { ...plain.tenant, config: { ...plain.tenant.config, siteConfig: { ...plain.tenant.config.siteConfig, highContrastEnabled: false } } };
    expect((await page("employee", "/help", plain)).questions.map((entry) => entry.question)).not.toContain(contrast);
    expect(admin).toMatchObject({ canAsk: true, version: PRODUCT_VERSION });
    expect((await page("admin", "/help", acmeWith(""))).canAsk).toBe(false);
    expect((await page("admin", `/help?q=${"x".repeat(500)}`)).search).toHaveLength(100);
  });

  it("searches by the beginnings of words, whatever their case and accents", () => {
    const entry = { question: "How do I redeem a code?", answer: "Each code works once; its points go to your points to spend." };
    expect(answers(entry, "REDEEM cod")).toBe(true);
    expect(answers(entry, "rédeem")).toBe(true);
    expect(answers(entry, "edeem")).toBe(false);
    expect(answers(entry, "")).toBe(true);
  });

  it("e-mails a question to the support address with who asks, refuses empty fields beside them, and drops a robot's", async () => {
    const empty = await ask("employee", { subject: "", message: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: Record<string, string[]> }).error).toMatchObject({ subject: ["Say what it is about."], message: ["Write your question."] });

    const sent = await ask("employee", { subject: "My points", message: "Where did my 50 points go?" });
    expect(sent.headers.get("Location")).toBe("/help");
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: "recognition@acme.example.com", subject: "[Acme Corporation help] My points" });
    expect(mail!.text).toContain("Where did my 50 points go?");
    expect(mail!.text).toContain("From Emery Employee, username employee, employee@acme.example.com.");

    expect((await ask("manager", { subject: "Cheap pills", message: "Buy now", website: "https://spam.example" })).headers.get("Location")).toBe("/help");
    expect(await mails()).toHaveLength(1);

    const nowhere = await ask("manager", { subject: "Hello", message: "Anyone?" }, acmeWith(""));
    expect(((await nowhere.json()) as { error: Record<string, string[]> }).error[""]).toEqual(["This program has no support address yet: ask your program managers."]);
  });

  it("takes a few questions an hour from one person", async () => {
    for (let n = 1; n <= 3; n += 1) expect((await ask("admin", { subject: `Question ${n}`, message: "Hello" })).status).toBe(302);
    const fourth = await ask("admin", { subject: "Question 4", message: "Hello", website: "" });
    expect(fourth.status).toBe(400);
    expect(((await fourth.json()) as { error: Record<string, string[]> }).error[""]).toEqual([expect.stringMatching(/^Too many help requests\. Please try again in \d+ minutes\.$/)]);
    // Another person is not held back by it.
    expect((await ask("manager", { subject: "Mine", message: "Hello" })).status).toBe(302);
  });
});
