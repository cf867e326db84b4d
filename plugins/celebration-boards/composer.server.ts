import { z } from "zod";
import { calendarDay } from "~/modules/forms/fields";
import type { LookupResult } from "~/modules/people/lookup.server";
import { describeSelection, pickableAmong, pickPeople, readPeopleInput, type PeopleNotice, type PeoplePolicy, type SelectionView } from "~/modules/recognition/people-step.server";
import type { Selection } from "~/modules/recognition/selection";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { rowId } from "~/utils/row-id";
import type { BoardInput } from "./boards.server";
import type { BoardCategory } from "./categories";
import { readBoardDraft, type BoardDraft } from "./draft";
import type { BoardsAccess } from "./guards.server";
import { categoryText } from "./options";
import { CONTRIBUTION_MAX, DEFAULT_DAYS_OPEN, INVITE_MAX, MESSAGE_MAX, TITLE_MAX } from "./rules";

export const boardMessages = {
  noRecipient: "Choose the person this board celebrates.",
  oneRecipient: "A board celebrates one person: remove all but one.",
  notYourself: "You can't make a board for yourself.",
  cannotCelebrate: "This person can't be celebrated on a board here.",
  noCategory: "Choose a category.",
  noTitle: "Give the board a title.",
  titleTooLong: `A title has at most ${TITLE_MAX} characters.`,
  messageTooLong: `A message has at most ${MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  noDay: "Choose the last day people can write on the board.",
  dayPast: "The last day can't be before today.",
  noContribution: "Write your message.",
  contributionTooLong: `A message has at most ${CONTRIBUTION_MAX.toLocaleString("en-US")} characters.`,
  noInvitees: "Choose at least one person to invite.",
  tooManyInvitees: `Invite at most ${INVITE_MAX} people at a time.`,
} as const;

export const dayTooFar = (days: number) => `The last day is at most ${days} days from today.`;

/** Anyone active of the program may be celebrated or invited; the policy refuses nobody. */
const boardPolicy: PeoplePolicy = { purpose: "people", notPointsEligible: "" };

/** The program's calendar day now. */
export function todayOf(access: Pick<BoardsAccess, "tenant">) {
  return calendarDayIn(new Date(), access.tenant.config.program.timeZone);
}

/**
 * What the board's own fields offer: the program's categories (and `kept`, the one an edited board
 * has, should the program have turned it off since), and the days it may close on.
 */
export function boardFieldChoices(access: BoardsAccess, kept?: BoardCategory) {
  const today = todayOf(access);
  const categories = access.options.activeCategories.map((each): { value: string; label: string } => ({ value: each.category, label: each.displayText }));
  if (kept && !categories.some((each) => each.value === kept)) categories.push({ value: kept, label: categoryText(access.options, kept) });
  return { categories, today, latest: addDays(today, access.options.maxDaysOpen) };
}

/** The board's own fields, checked against what `boardFieldChoices` offers. */
function boardFieldsSchema(access: BoardsAccess, kept?: BoardCategory) {
  const { categories, today, latest } = boardFieldChoices(access, kept);
  return z.object({
    category: z.string().refine((category) => categories.some((each) => each.value === category), boardMessages.noCategory),
    title: z.string().trim().min(1, boardMessages.noTitle).max(TITLE_MAX, boardMessages.titleTooLong),
    message: z.string().trim().max(MESSAGE_MAX, boardMessages.messageTooLong),
    // Compared with today and the latest day only once it is a day.
    closesOn: calendarDay(boardMessages.noDay).pipe(
      z
        .string()
        .refine((day) => day >= today, boardMessages.dayPast)
        .refine((day) => day <= latest, dayTooFar(access.options.maxDaysOpen)),
    ),
  });
}

type FieldErrors = Record<string, string[]>;

function errorsOf(issues: readonly z.core.$ZodIssue[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

/** Everything the new board's form draws. */
export interface BoardComposerView extends SelectionView {
  step: "board" | "people";
  draft: BoardDraft;
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: FieldErrors;
  categories: { value: string; label: string }[];
  today: string;
  latest: string;
}

async function composerView(access: BoardsAccess, parts: Pick<BoardComposerView, "step" | "draft"> & Partial<Pick<BoardComposerView, "lookup" | "notices" | "errors">>): Promise<BoardComposerView> {
  return {
    ...(await describeSelection(access.db, parts.draft.selection)),
    step: parts.step,
    draft: parts.draft,
    lookup: parts.lookup ?? null,
    notices: parts.notices ?? [],
    errors: parts.errors ?? {},
    ...boardFieldChoices(access),
  };
}

/** One step of the new board's form, from its URL: a first visit may name the recipient (`to`, a profile's action) and the category. */
export async function newBoardStep(access: BoardsAccess, params: URLSearchParams): Promise<BoardComposerView> {
  const step = (params.get("go") ?? params.get("at")) === "people" ? "people" : "board";
  let draft = readBoardDraft(params);
  if (!draft.key) {
    draft = { ...draft, key: crypto.randomUUID(), closesOn: draft.closesOn || addDays(todayOf(access), Math.min(DEFAULT_DAYS_OPEN, access.options.maxDaysOpen)) };
    const to = rowId(params.get("to"));
    if (to !== null && to !== access.viewer.employee.id) draft.selection = (await pickPeople(access, boardPolicy, { q: "", op: "add", picks: [`e${to}`], emails: "", remove: null }, draft.selection, "named")).selection;
  }
  if (step === "people") {
    const picked = await pickPeople(access, boardPolicy, readPeopleInput(params), draft.selection, "named");
    return composerView(access, { step, draft: { ...draft, selection: picked.selection }, lookup: picked.lookup, notices: picked.notices });
  }
  const removing = rowId(params.get("remove"));
  if (removing !== null) draft.selection = (await pickPeople(access, boardPolicy, { q: "", op: "", picks: [], emails: "", remove: removing }, draft.selection, "named")).selection;
  return composerView(access, { step, draft });
}

/** Checks the new board's form, each problem beside its field; the same draft comes back to be corrected. */
export async function checkNewBoard(access: BoardsAccess, form: FormData): Promise<{ ok: true; input: BoardInput & { key: string } } | { ok: false; view: BoardComposerView }> {
  const draft = readBoardDraft(form);
  if (!draft.key) draft.key = crypto.randomUUID();
  const parsed = boardFieldsSchema(access).safeParse(draft);
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  const ids = draft.selection.named.map((pick) => pick.employeeId);
  const problem = (message: string) => void (errors.recipient ??= []).push(message);
  if (ids.length === 0) problem(boardMessages.noRecipient);
  else if (ids.length > 1) problem(boardMessages.oneRecipient);
  else if (ids[0] === access.viewer.employee.id) problem(boardMessages.notYourself);
  else if (!(await pickableAmong(access, boardPolicy, ids)).has(ids[0]!)) problem(boardMessages.cannotCelebrate);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, view: await composerView(access, { step: "board", draft, errors }) };
  const input = { recipientId: ids[0]!, ...parsed.data, category: parsed.data.category as BoardCategory, key: draft.key };
  // The spec's duplicate check: a second open board of the category for the same person is made only when asked again.
  const twin = form.get("duplicateOk") === "on" ? undefined : await openTwin(access, input);
  if (twin) return { ok: false, view: await composerView(access, { step: "board", draft, errors: { duplicate: [duplicateBoard(categoryText(access.options, input.category), twin.recipient, twin.creator)] } }) };
  return { ok: true, input };
}

export const duplicateBoard = (category: string, recipient: string, creator: string) =>
  `${creator} already made an open ${category.toLowerCase()} board for ${recipient}: ask them to invite you, or make another board anyway.`;

/** An open board of the same category for the same person, by whom (never which: it may be a board the viewer is not invited to). */
async function openTwin(access: BoardsAccess, input: { recipientId: number; category: BoardCategory }) {
  return access.db
    .selectFrom("celebration_board as b")
    .innerJoin("employee as c", "c.id", "b.creator_id")
    .innerJoin("employee as r", "r.id", "b.recipient_id")
    .select(["c.display_name as creator", "r.display_name as recipient"])
    .where("b.recipient_id", "=", input.recipientId)
    .where("b.category", "=", input.category)
    .where("b.status", "=", "OPEN")
    .orderBy("b.id")
    .executeTakeFirst();
}

/** The edit form's fields, checked as the new board's are. */
export function checkBoardEdit(access: BoardsAccess, form: FormData, kept: BoardCategory): { ok: true; changes: Omit<BoardInput, "recipientId"> } | { ok: false; errors: FieldErrors; draft: BoardDraft } {
  const draft = readBoardDraft(form);
  const parsed = boardFieldsSchema(access, kept).safeParse(draft);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error.issues), draft };
  return { ok: true, changes: { ...parsed.data, category: parsed.data.category as BoardCategory } };
}

/** A contribution's message, checked. */
export function checkContribution(form: FormData): { ok: true; message: string } | { ok: false; errors: FieldErrors; message: string } {
  const typed = form.get("message");
  const message = typeof typed === "string" ? typed.slice(0, CONTRIBUTION_MAX * 2) : "";
  const parsed = z.string().trim().min(1, boardMessages.noContribution).max(CONTRIBUTION_MAX, boardMessages.contributionTooLong).safeParse(message);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, errors: { message: parsed.error.issues.map((issue) => issue.message) }, message };
}

/** Everything the invite page's people step draws. */
export interface InviteView extends SelectionView {
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: FieldErrors;
  key: string;
}

/** Who a board invites: anyone of the program but its recipient (it is a surprise) and its creator (who writes on it anyway). */
function invitePolicy(board: { creatorId: number; recipientId: number }): PeoplePolicy {
  const left = new Set([board.creatorId, board.recipientId]);
  return { ...boardPolicy, refuses: { who: (person) => left.has(person.id), named: "Not invited: the person the board celebrates (it is a surprise) and its creator (who writes on it anyway).", pointed: "" } };
}

/** The invite page's step, from its URL: the people picked so far, and the lookup's. */
export async function inviteStep(access: BoardsAccess, board: { creatorId: number; recipientId: number }, params: URLSearchParams, errors: FieldErrors = {}): Promise<InviteView> {
  const draft = readBoardDraft(params);
  const picked = await pickPeople(access, invitePolicy(board), readPeopleInput(params), draft.selection, "named");
  return { ...(await describeSelection(access.db, picked.selection)), lookup: picked.lookup, notices: picked.notices, errors, key: draft.key || crypto.randomUUID() };
}

/** The people the invite form names, checked: those of the program who may be picked. */
export async function checkInvitees(access: BoardsAccess, board: { creatorId: number; recipientId: number }, form: FormData): Promise<{ ok: true; ids: number[] } | { ok: false; message: string }> {
  const selection: Selection = readBoardDraft(form).selection;
  const ids = selection.named.map((pick) => pick.employeeId).filter((id) => id !== board.creatorId && id !== board.recipientId);
  if (ids.length === 0) return { ok: false, message: boardMessages.noInvitees };
  if (ids.length > INVITE_MAX) return { ok: false, message: boardMessages.tooManyInvitees };
  const pickable = await pickableAmong(access, boardPolicy, ids);
  return { ok: true, ids: ids.filter((id) => pickable.has(id)) };
}
