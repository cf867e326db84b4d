import fs from "node:fs/promises";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { storeUpload } from "~/modules/storage/assets.server";
import { withStreamedUpload, type StreamedFile } from "~/modules/storage/streamed-upload.server";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import type { IncentivesAccess } from "./guards.server";
import { ANSWER_MAX, NUMBER_ANSWER_MAX } from "./rules";
import type { SubmissionOption } from "./schema";
import type { Answers } from "./submissions.server";

const answerMessages = {
  SHORT_ANSWER: "Answer the question.",
  shortTooLong: `An answer has at most ${ANSWER_MAX} characters.`,
  NUMBER: "Give a number: digits, with at most two after the point.",
  numberTooBig: `At most ${NUMBER_ANSWER_MAX.toLocaleString("en-US")}.`,
  LINK: "Give a link that starts with https:// or http://.",
  DATE_TIME: "Choose a date and time.",
  IMAGE: "Choose a picture.",
} as const;

/** Whether "2027-02-30T10:00" names a moment that exists (Date would roll it over). */
function isDateTime(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

const answerSchemas = {
  SHORT_ANSWER: z.string().trim().min(1, answerMessages.SHORT_ANSWER).max(ANSWER_MAX, answerMessages.shortTooLong),
  NUMBER: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, answerMessages.NUMBER)
    .refine((value) => Number(value) <= NUMBER_ANSWER_MAX, answerMessages.numberTooBig),
  LINK: z
    .string()
    .trim()
    .max(2_000, answerMessages.LINK)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).hostname.includes("."), answerMessages.LINK),
  DATE_TIME: z.string().refine(isDateTime, answerMessages.DATE_TIME),
} as const;

/** A submission read from its form: the answers, or what is wrong beside each option with what was typed. */
export type ReadAnswers = { ok: true; answers: Answers; key: string } | { ok: false; errors: Record<string, string[]>; typed: Record<string, string> };

async function read(access: IncentivesAccess, options: SubmissionOption[], form: FormData, file: StreamedFile | null): Promise<ReadAnswers> {
  const answers: Answers = {};
  const errors: Record<string, string[]> = {};
  const typed: Record<string, string> = {};
  for (const option of options.filter((each) => each.enabled && each.type !== "IMAGE")) {
    const value = form.get(option.type);
    typed[option.type] = typeof value === "string" ? value.slice(0, 4_000) : "";
    const parsed = answerSchemas[option.type as keyof typeof answerSchemas].safeParse(typed[option.type]);
    if (parsed.success) answers[option.type] = parsed.data;
    else errors[option.type] = parsed.error.issues.map((issue) => issue.message);
  }
  const wantsPicture = options.some((each) => each.enabled && each.type === "IMAGE");
  if (wantsPicture && (file === null || file.size === 0)) errors.IMAGE = [answerMessages.IMAGE];
  // A picture is stored only with answers that pass, so a refused form leaves no picture behind.
  if (Object.keys(errors).length > 0) return { ok: false, errors, typed };
  if (wantsPicture && file) {
    const stored = await storeUpload(access.app.storage, access.db, { bytes: await fs.readFile(file.path), fileName: file.name, kind: "image", employeeId: access.viewer.employee.id });
    if (!stored.ok) return { ok: false, errors: { IMAGE: [stored.message] }, typed };
    answers.IMAGE = stored.asset.id;
  }
  const key = String(form.get("key") ?? "");
  return { ok: true, answers, key: /^[\w-]{8,64}$/.test(key) ? key : crypto.randomUUID() };
}

/**
 * A participant's submission form: multipart when the incentive asks for a picture (streamed to
 * disk, up to a picture's limit), a plain form otherwise. Every option asked is needed.
 */
export async function readAnswers(args: ActionFunctionArgs, access: IncentivesAccess, options: SubmissionOption[]): Promise<ReadAnswers> {
  if (!options.some((each) => each.enabled && each.type === "IMAGE")) return read(access, options, await args.request.formData(), null);
  return withStreamedUpload(args.request, { dataDir: args.context.app.env.DATA_DIR, field: "IMAGE", kind: "image" }, async (upload) =>
    upload.ok ? read(access, options, upload.form, upload.file) : { ok: false as const, errors: { IMAGE: [uploadKinds.image.tooLarge] }, typed: {} },
  );
}
