import { z } from "zod";
import { calendarDay } from "~/modules/forms/fields";
import { TOO_LARGE_PARAM } from "~/modules/http/body-limits";
import { pendingCheck, pointsProblems, pointsToGive, type RecognitionCheck } from "~/modules/recognition/checks.server";
import {
  describeSelection,
  pickableAmong,
  pickPeople,
  readPeopleInput,
  type PeopleNotice,
  type PeoplePolicy,
  type SelectionView,
} from "~/modules/recognition/people-step.server";
import { recipientsByIds } from "~/modules/recognition/recipients.server";
import { everyonePicked, pointsValue } from "~/modules/recognition/selection";
import type { LookupResult } from "~/modules/people/lookup.server";
import { addDays } from "~/modules/time/calendar-days";
import { calendarDayIn } from "~/modules/time/zones";
import { rowId } from "~/utils/row-id";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { offeredDesigns, uploadedMedia, type DesignOption } from "./design-library.server";
import type { DesignCategory } from "./designs";
import { MESSAGE_MAX_LENGTH, readEcardDraft, SCHEDULE_MAX_DAYS, type EcardDraft } from "./draft";
import type { EcardsAccess } from "./guards.server";

export const ecardSteps = ["compose", "people", "points", "picture", "video"] as const;
export type EcardStep = (typeof ecardSteps)[number] | RecognitionCheck["step"];

export const ecardMessages = {
  notPointsEligible: "These recipients don't use points. They will get the eCard without points:",
  noRecipients: "Choose at least one recipient.",
  cannotReceive: "Some of these people can't receive eCards. Remove them and try again.",
  noDesign: "Choose a design.",
  noMessage: "Write a message.",
  tooLong: `A message has at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  badDate: "Enter the day to send it, from today.",
  tooFar: `An eCard can be scheduled up to ${SCHEDULE_MAX_DAYS} days ahead.`,
} as const;

/** eCards go to people who use eCards (the spec's eCard filter); someone without points gets the card without them. */
const recipientPolicy: PeoplePolicy = { purpose: "ecards", notPointsEligible: ecardMessages.notPointsEligible };

/** Everything an eCard composer step draws: the draft as the server checked it, and what the step needs. */
export interface EcardComposerView extends SelectionView {
  step: EcardStep;
  draft: EcardDraft;
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: Record<string, string[]>;
  check: RecognitionCheck | null;
  designs: DesignOption[];
  /** The picture or video the sender uploaded for this card, offered beside the designs (a video by its poster). */
  ownMedia: { id: string; kind: "image" | "video"; src: string } | null;
  canGivePoints: boolean;
  pointsAvailable: number;
  offers: { managerCopy: boolean; isPublic: boolean; customPicture: boolean; video: boolean };
  /** The first and last days it may be sent on, in the program's time zone. */
  today: string;
  latest: string;
}

/** Points are debited when the card is sent: what the sender has now is what they may give. */
function giver(access: EcardsAccess) {
  return pointsToGive(access.db, access.viewer, access.options.pointsEnabled);
}

/** The program's today and the last day a card may be scheduled for. */
function daysOf(access: EcardsAccess) {
  const today = calendarDayIn(new Date(), access.viewer.tenant.program.timeZone);
  return { today, latest: addDays(today, SCHEDULE_MAX_DAYS) };
}

/** A step of the composer drawn from its parts: the draft's people described, what the program offers, the days it may go. */
export async function composerView(
  access: EcardsAccess,
  parts: {
    step: EcardStep;
    draft: EcardDraft;
    lookup?: EcardComposerView["lookup"];
    notices?: PeopleNotice[];
    errors?: Record<string, string[]>;
    check?: RecognitionCheck | null;
    /** What the sender may give, when the caller read it already. */
    points?: Awaited<ReturnType<typeof giver>>;
  },
): Promise<EcardComposerView> {
  const [people, points, designs, ownMedia] = await Promise.all([
    describeSelection(access.db, parts.draft.selection),
    parts.points ?? giver(access),
    offeredDesigns(access, access.options),
    mediaOf(access, parts.draft.design),
  ]);
  return {
    ...people,
    step: parts.step,
    draft: parts.draft,
    lookup: parts.lookup ?? null,
    notices: parts.notices ?? [],
    errors: parts.errors ?? {},
    check: parts.check ?? null,
    designs,
    ownMedia,
    ...points,
    offers: offersOf(access),
    ...daysOf(access),
  };
}

function offersOf(access: EcardsAccess) {
  const { managerCopyEnabled, publicEcardsEnabled, customPicturesEnabled, videosEnabled } = access.options;
  return { managerCopy: managerCopyEnabled, isPublic: publicEcardsEnabled, customPicture: customPicturesEnabled, video: videosEnabled };
}

/** The sender's own picture or video the draft names, when the program takes them and it is theirs. */
async function mediaOf(access: EcardsAccess, design: string) {
  const media = await uploadedMedia(access.db, design, access.viewer.employee.id);
  const allowed = media?.kind === "video" ? access.options.videosEnabled : access.options.customPicturesEnabled;
  return media && allowed ? media : null;
}

/** Who a `post` parameter (the spec's entryLink SocialPost) answers: the feed item's author. */
async function authorOfPost(access: EcardsAccess, post: number | null) {
  if (post === null) return null;
  const item = await access.db.selectFrom("feed_item").select("author_id").where("id", "=", post).executeTakeFirst();
  return item?.author_id ?? null;
}

const milestoneCategories: Record<string, DesignCategory> = { BIRTHDAY: "Birthday", ANNIVERSARY: "Anniversary" };

/**
 * What a milestone's 'Send eCard' says (the spec's `event` and `date`): the first design of the
 * event's category, and, for a day still to come, that day as the send date.
 */
async function fromMilestone(access: EcardsAccess, params: URLSearchParams, draft: EcardDraft): Promise<EcardDraft> {
  const category = milestoneCategories[(params.get("event") ?? "").toUpperCase()];
  const day = params.get("date") ?? "";
  if (!category && !day) return draft;
  const { today, latest } = daysOf(access);
  const design = category && !draft.design ? (await offeredDesigns(access, access.options)).find((each) => each.category === category)?.id : undefined;
  const later = calendarDay(ecardMessages.badDate).safeParse(day).success && day > today && day <= latest;
  return { ...draft, design: design ?? draft.design, ...(later ? { later: true, date: day } : {}) };
}

/**
 * One composer step, from its URL: the draft and what the step was asked to do to it (look
 * people up, add or remove them). A first visit may name a recipient (`to`, or the author of
 * the `post` answered) and a design (the route's `/ecard/new/{id}`).
 */
export async function ecardStep(access: EcardsAccess, params: URLSearchParams, presetDesign: string | null = null): Promise<EcardComposerView> {
  const requested = params.get("go") ?? params.get("at");
  let step: EcardStep = (ecardSteps as readonly string[]).includes(requested ?? "") ? (requested as EcardStep) : "compose";
  if ((step === "picture" && !access.options.customPicturesEnabled) || (step === "video" && !access.options.videosEnabled)) step = "compose";
  let draft = readEcardDraft(params);
  const first = !draft.key;
  if (first) {
    const started = await fromMilestone(access, params, draft);
    draft = { ...started, key: crypto.randomUUID(), managerCopy: false, isPublic: false, design: presetDesign ?? started.design };
  }
  const points = await giver(access);
  if (step === "points" && !points.canGivePoints) step = "compose";
  const prefill = first ? (rowId(params.get("to")) ?? (await authorOfPost(access, rowId(params.get("post"))))) : null;
  if (prefill !== null) {
    const added = await pickPeople(access, recipientPolicy, { q: "", op: "add", picks: [`e${prefill}`], emails: "", remove: null }, draft.selection, "named");
    draft = { ...draft, selection: added.selection };
  }
  if (step === "picture" && params.has(TOO_LARGE_PARAM)) return composerView(access, { step, draft, points, errors: { picture: [uploadKinds.image.tooLarge] } });
  if (step === "video" && params.has(TOO_LARGE_PARAM)) return composerView(access, { step, draft, points, errors: { video: [uploadKinds.video.tooLarge] } });
  if (step === "people" || step === "points") {
    const picked = await pickPeople(access, recipientPolicy, readPeopleInput(params), draft.selection, step === "points" ? "pointed" : "named");
    return composerView(access, { step, draft: { ...draft, selection: picked.selection }, points, lookup: picked.lookup, notices: picked.notices });
  }
  return composerView(access, { step, draft, points });
}

/** What a checked draft sends: recipients resolved, points parsed, the day it goes. */
export interface EcardInput {
  recipients: { employeeId: number; points: number | null }[];
  design: string;
  message: string;
  managerCopy: boolean;
  isPublic: boolean;
  sendOn: string;
  /** Sent at once (today), or scheduled. */
  now: boolean;
  key: string;
}

export type EcardCheck = { ok: true; input: EcardInput } | { ok: false; view: EcardComposerView };

async function cardSchema(access: EcardsAccess, today: string, latest: string, design: string) {
  const [designs, media] = await Promise.all([offeredDesigns(access, access.options), mediaOf(access, design)]);
  const offered = new Set([...designs.map((each) => each.id), ...(media ? [media.id] : [])]);
  return z.object({
    design: z.string().refine((id) => offered.has(id), ecardMessages.noDesign),
    message: z.string().trim().min(1, ecardMessages.noMessage).max(MESSAGE_MAX_LENGTH, ecardMessages.tooLong),
    date: calendarDay(ecardMessages.badDate).refine((day) => day >= today, ecardMessages.badDate).refine((day) => day <= latest, ecardMessages.tooFar),
  });
}

/**
 * Checks a draft for sending, rule by rule: recipients who use eCards, a design, a message, the
 * send day (today or later, within a year), the points (spec: Points mentions); then the two
 * checks as steps of their own until the form says they were seen ('Heads Up!' only for a
 * public card: a private one is seen by its recipients alone).
 */
export async function checkForSending(access: EcardsAccess, form: FormData, extraErrors: Record<string, string[]> = {}): Promise<EcardCheck> {
  const draft = readEcardDraft(form);
  if (!draft.key) draft.key = crypto.randomUUID();
  const { today, latest } = daysOf(access);
  const errors: Record<string, string[]> = { ...extraErrors };
  const problem = (field: string, message: string) => void (errors[field] ??= []).push(message);
  const offers = { managerCopy: draft.managerCopy && access.options.managerCopyEnabled, isPublic: draft.isPublic && access.options.publicEcardsEnabled };
  const parsed = (await cardSchema(access, today, latest, draft.design)).safeParse({ design: draft.design, message: draft.message, date: draft.later ? draft.date : today });
  if (!parsed.success) for (const issue of parsed.error.issues) problem(String(issue.path[0]), issue.message);

  const everyone = everyonePicked(draft.selection);
  const ids = everyone.map((pick) => pick.employeeId);
  const [recipients, pickable, points] = await Promise.all([recipientsByIds(access.db, ids), pickableAmong(access, recipientPolicy, ids), giver(access)]);
  if (everyone.length === 0) problem("mentions", ecardMessages.noRecipients);
  if (ids.some((id) => !pickable.has(id))) problem("mentions", ecardMessages.cannotReceive);
  for (const [field, found] of Object.entries(pointsProblems(draft.selection, recipients, points, { notEligible: ecardMessages.notPointsEligible }))) {
    for (const message of found) problem(field, message);
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, view: await composerView(access, { step: "compose", draft, errors }) };

  const check = pendingCheck(access.viewer, draft.selection, recipients, form, offers.isPublic);
  if (check) return { ok: false, view: await composerView(access, { step: check.step, draft, check }) };

  return {
    ok: true,
    input: {
      recipients: [
        ...draft.selection.named.map((pick) => ({ employeeId: pick.employeeId, points: null })),
        ...draft.selection.pointed.map((pick) => ({ employeeId: pick.employeeId, points: pointsValue(pick.points)! })),
      ],
      design: parsed.data.design,
      message: parsed.data.message,
      ...offers,
      sendOn: parsed.data.date,
      now: parsed.data.date === today,
      key: draft.key,
    },
  };
}

/** The compose step again, with what the send found wrong after the checks (a limit reached, points gone meanwhile). */
export async function refusedView(access: EcardsAccess, form: FormData, errors: Record<string, string[]>) {
  const checked = await checkForSending(access, form, errors);
  if (checked.ok) throw new Error("A draft with errors passed its checks");
  return checked.view;
}

/** What a scheduled card's edit page draws: the card's own fields, as saved or as typed. */
export type EditView = Pick<EcardComposerView, "draft" | "errors" | "designs" | "ownMedia" | "offers" | "today" | "latest">;

async function editView(access: EcardsAccess, draft: EcardDraft, errors: Record<string, string[]> = {}): Promise<EditView> {
  const [designs, ownMedia] = await Promise.all([offeredDesigns(access, access.options), mediaOf(access, draft.design)]);
  return { draft, errors, designs, ownMedia, offers: offersOf(access), ...daysOf(access) };
}

/** A scheduled card's fields, to edit. */
export async function scheduledEditView(access: EcardsAccess, card: { design: string; message: string; managerCopy: boolean; isPublic: boolean; sendOn: string }) {
  const draft: EcardDraft = { selection: { named: [], pointed: [] }, key: "", design: card.design, message: card.message, managerCopy: card.managerCopy, isPublic: card.isPublic, later: true, date: card.sendOn };
  return await editView(access, draft);
}

/** A scheduled card's edit checked as a new card's fields are: the changes, and whether it now goes today. */
export async function checkScheduledEdit(access: EcardsAccess, form: FormData) {
  const draft = readEcardDraft(form);
  const { today, latest } = daysOf(access);
  const parsed = (await cardSchema(access, today, latest, draft.design)).safeParse({ design: draft.design, message: draft.message, date: draft.later ? draft.date : today });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    return { ok: false as const, view: await editView(access, draft, errors) };
  }
  return {
    ok: true as const,
    changes: {
      design: parsed.data.design,
      message: parsed.data.message,
      sendOn: parsed.data.date,
      managerCopy: draft.managerCopy && access.options.managerCopyEnabled,
      isPublic: draft.isPublic && access.options.publicEcardsEnabled,
    },
    now: parsed.data.date === today,
  };
}
