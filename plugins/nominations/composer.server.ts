import { z } from "zod";
import type { LookupResult } from "~/modules/people/lookup.server";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import {
  describeSelection,
  pickableAmong,
  pickPeople,
  readPeopleInput,
  type PeopleNotice,
  type PeoplePolicy,
  type SelectionView,
} from "~/modules/recognition/people-step.server";
import { rowId } from "~/utils/row-id";
import { readNominationDraft, type NominationDraft } from "./draft";
import type { NominationsAccess } from "./guards.server";
import type { AwardLevel, CoreValue } from "./options";
import { mayChooseLevel, MESSAGE_MAX, stepWords } from "./rules";

export const nominationMessages = {
  noNominees: "Choose at least one person to nominate.",
  cannotBeNominated: "Some of these people can't be nominated. Remove them and try again.",
  notYourself: "You can't nominate yourself.",
  noValue: "Choose a core value.",
  noLevel: "Choose an award level.",
  noMessage: "Say why you nominate them.",
  tooLong: `A message has at most ${MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  notEnoughPoints: "You don't have enough points to give for this award level and these nominees.",
} as const;

const nomineePolicy: PeoplePolicy = { purpose: "nominees", notPointsEligible: "" };

export interface LevelOption extends AwardLevel {
  /** Who decides, step by step, as the level's page says. */
  steps: string[];
}

/** Everything a composer step draws. */
export interface NominationComposerView extends SelectionView {
  step: "compose" | "people";
  draft: NominationDraft;
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: Record<string, string[]>;
  coreValues: CoreValue[];
  levels: LevelOption[];
  /** The nominator's points to give, when the program pays nominations from them. */
  pointsToGive: number | null;
}

/** The award levels the viewer may choose. */
function levelsFor(access: NominationsAccess): LevelOption[] {
  return access.options.awardLevels.filter((level) => mayChooseLevel(access.viewer, level)).map((level) => ({ ...level, steps: level.approvals.map((kind) => stepWords[kind]) }));
}

async function pointsToGiveOf(access: NominationsAccess) {
  if (!access.options.pointsFromNominator) return null;
  return (await viewerPointsSummary(access)).discretionaryPointsAvailable;
}

async function composerView(access: NominationsAccess, parts: Pick<NominationComposerView, "step" | "draft"> & Partial<Pick<NominationComposerView, "lookup" | "notices" | "errors">>): Promise<NominationComposerView> {
  const [people, pointsToGive] = await Promise.all([describeSelection(access.db, parts.draft.selection), pointsToGiveOf(access)]);
  return {
    ...people,
    step: parts.step,
    draft: parts.draft,
    lookup: parts.lookup ?? null,
    notices: parts.notices ?? [],
    errors: parts.errors ?? {},
    coreValues: access.options.coreValues,
    levels: levelsFor(access),
    pointsToGive,
  };
}

/** One composer step, from its URL: the draft, and the people step's lookups and picks; a first visit may name a nominee (`to`). */
export async function nominationStep(access: NominationsAccess, params: URLSearchParams): Promise<NominationComposerView> {
  const step = (params.get("go") ?? params.get("at")) === "people" ? "people" : "compose";
  let draft = readNominationDraft(params);
  if (!draft.key) {
    draft = { ...draft, key: crypto.randomUUID() };
    const to = rowId(params.get("to"));
    if (to !== null) draft.selection = (await pickPeople(access, nomineePolicy, { q: "", op: "add", picks: [`e${to}`], emails: "", remove: null }, draft.selection, "named")).selection;
  }
  if (step === "people") {
    const picked = await pickPeople(access, nomineePolicy, readPeopleInput(params), draft.selection, "named");
    return composerView(access, { step, draft: { ...draft, selection: picked.selection }, lookup: picked.lookup, notices: picked.notices });
  }
  // Remove is offered on the compose step too.
  const removing = rowId(params.get("remove"));
  if (removing !== null) draft.selection = (await pickPeople(access, nomineePolicy, { q: "", op: "", picks: [], emails: "", remove: removing }, draft.selection, "named")).selection;
  return composerView(access, { step, draft });
}

/** What a checked draft makes: a nomination per nominee, of one value and level, with one message. */
export interface NominationInput {
  nomineeIds: number[];
  value: CoreValue;
  level: AwardLevel;
  message: string;
  key: string;
}

/** Checks a draft, rule by rule, each problem beside its field; the same draft comes back to be corrected. */
export async function checkForNominating(access: NominationsAccess, form: FormData, extraErrors: Record<string, string[]> = {}): Promise<{ ok: true; input: NominationInput } | { ok: false; view: NominationComposerView }> {
  const draft = readNominationDraft(form);
  if (!draft.key) draft.key = crypto.randomUUID();
  const levels = levelsFor(access);
  const schema = z.object({
    value: z.string().refine((id) => access.options.coreValues.some((value) => value.id === id), nominationMessages.noValue),
    level: z.string().refine((id) => levels.some((level) => level.id === id), nominationMessages.noLevel),
    message: z.string().trim().min(1, nominationMessages.noMessage).max(MESSAGE_MAX, nominationMessages.tooLong),
  });
  const parsed = schema.safeParse(draft);
  const errors: Record<string, string[]> = { ...extraErrors };
  const problem = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (!parsed.success) for (const issue of parsed.error.issues) problem(String(issue.path[0]), issue.message);

  const ids = draft.selection.named.map((pick) => pick.employeeId);
  const pickable = await pickableAmong(access, nomineePolicy, ids);
  if (ids.length === 0) problem("nominees", nominationMessages.noNominees);
  if (ids.includes(access.viewer.employee.id)) problem("nominees", nominationMessages.notYourself);
  else if (ids.some((id) => !pickable.has(id))) problem("nominees", nominationMessages.cannotBeNominated);

  const level = levels.find((each) => each.id === draft.level);
  const pointsToGive = await pointsToGiveOf(access);
  if (level && pointsToGive !== null && level.points * ids.length > pointsToGive) problem("level", nominationMessages.notEnoughPoints);

  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, view: await composerView(access, { step: "compose", draft, errors }) };
  return {
    ok: true,
    input: { nomineeIds: ids, value: access.options.coreValues.find((value) => value.id === parsed.data.value)!, level: level!, message: parsed.data.message, key: draft.key },
  };
}

/** The compose step again, with what making the nominations found wrong after the checks (points gone meanwhile). */
export async function refusedView(access: NominationsAccess, form: FormData, errors: Record<string, string[]>) {
  const checked = await checkForNominating(access, form, errors);
  if (checked.ok) throw new Error("A draft with errors passed its checks");
  return checked.view;
}
