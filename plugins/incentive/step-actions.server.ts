import type { z } from "zod";
import type { LookupResult } from "~/modules/people/lookup.server";
import { describeSelection, pickableAmong, pickPeople, readPeopleInput, type PeopleNotice, type PeoplePolicy, type SelectionView } from "~/modules/recognition/people-step.server";
import { readSelection, selectionFields } from "~/modules/recognition/selection";
import type { IncentivesAccess } from "./guards.server";
import { saveDetails, saveGuidelines, saveParticipantType, saveReward, type PeopleTable } from "./incentives.server";
import type { IncentiveView } from "./read.server";
import { PEOPLE_MAX } from "./rules";
import { detailsSchema, guidelinesSchema, rewardSchema, stepMessages } from "./step-schemas.server";
import { asksNumber, variesWithNumber, type IncentiveStep } from "./steps";

export type FieldErrors = Record<string, string[]>;

/** A refused step: each problem under its field's name, and what was typed, to show again. */
export interface RefusedStep {
  errors: FieldErrors;
  values: Record<string, string>;
}

/** A form's text fields by name (a checkbox's "on" included); files are not a step's. */
export function typedValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

function errorsOf(issues: readonly z.core.$ZodIssue[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

/** The details step's fields, checked: the colour is asked only while the incentive is made (the spec's three parts in update mode). */
export function checkDetails(access: IncentivesAccess, values: Record<string, string>, published: boolean) {
  const parsed = detailsSchema({ today: access.today, colorAsked: !published }).safeParse(values);
  return parsed.success ? ({ ok: true, details: parsed.data } as const) : ({ ok: false, refused: { errors: errorsOf(parsed.error.issues), values } } as const);
}

/** Saves one of the three form steps (details, reward type, submission guidelines), or says what is wrong beside each field. */
export async function saveFormStep(access: IncentivesAccess, incentive: IncentiveView, step: "details" | "reward-type" | "submission-guidelines", form: FormData): Promise<RefusedStep | null> {
  const values = typedValues(form);
  if (step === "details") {
    const checked = checkDetails(access, values, incentive.published);
    if (!checked.ok) return checked.refused;
    await saveDetails(access.db, incentive.id, checked.details);
    return null;
  }
  if (step === "reward-type") {
    const parsed = rewardSchema.safeParse(values);
    if (!parsed.success) return { errors: errorsOf(parsed.error.issues), values };
    // A created incentive stays whole: its points vary with a number only once its guidelines ask for one.
    if (incentive.published && variesWithNumber(parsed.data) && !asksNumber(incentive.submissionOptions)) return { errors: { rewardPointType: [stepMessages.askNumberFirst] }, values };
    await saveReward(access.db, incentive.id, parsed.data);
    return null;
  }
  const parsed = guidelinesSchema({ variablePoints: variesWithNumber(incentive) }).safeParse(values);
  if (!parsed.success) return { errors: errorsOf(parsed.error.issues), values };
  await saveGuidelines(access.db, incentive.id, parsed.data);
  return null;
}

/** The participants step's type: everyone active, or the people chosen. */
export async function saveParticipantChoice(access: IncentivesAccess, incentive: IncentiveView, form: FormData): Promise<RefusedStep | null> {
  const choice = form.get("participantType");
  if (choice !== "ALL" && choice !== "CHOSEN") return { errors: { participantType: [stepMessages.noParticipantType] }, values: {} };
  // A created incentive stays whole: it is for chosen people only once it names one.
  if (incentive.published && choice === "CHOSEN" && incentive.participantList.length === 0) return { errors: { participantType: [stepMessages.addParticipantsFirst] }, values: {} };
  await saveParticipantType(access.db, incentive.id, choice === "ALL");
  return null;
}

/** Anyone active of the program may take part in an incentive; those with isIncentiveApprover review one. */
const policies: Record<PeopleTable, PeoplePolicy> = {
  incentive_participant: { purpose: "people", notPointsEligible: "" },
  incentive_approver: { purpose: "incentiveApprovers", notPointsEligible: "" },
};

/** Everything a people step (participants, approvers) draws: who is picked to add, and the lookup's. */
export interface PeopleStepView extends SelectionView {
  lookup: { q: string; result: LookupResult } | null;
  notices: PeopleNotice[];
  errors: FieldErrors;
}

/** The step's people to add, from its URL: those picked so far, and the lookup's. */
export async function peopleStep(access: IncentivesAccess, table: PeopleTable, params: URLSearchParams, errors: FieldErrors = {}): Promise<PeopleStepView> {
  const picked = await pickPeople(access, policies[table], readPeopleInput(params), { named: readSelection(params).named, pointed: [] }, "named");
  return { ...(await describeSelection(access.db, picked.selection)), lookup: picked.lookup, notices: picked.notices, errors };
}

const notPickable: Record<PeopleTable, string> = {
  incentive_participant: "Only active people of the program can take part.",
  incentive_approver: "Only people who review incentive submissions can be approvers: a program manager lets them, at Admin › People.",
};

/** The people an Add names, checked: those of the program who may be picked, at most PEOPLE_MAX at once. */
export async function checkAdded(access: IncentivesAccess, table: PeopleTable, form: FormData): Promise<{ ok: true; ids: number[] } | { ok: false; message: string }> {
  const ids = readSelection(form).named.map((pick) => pick.employeeId);
  if (ids.length === 0) return { ok: false, message: "Choose at least one person to add." };
  if (ids.length > PEOPLE_MAX) return { ok: false, message: `Add at most ${PEOPLE_MAX} people at a time.` };
  const pickable = await pickableAmong(access, policies[table], ids);
  if (ids.some((id) => !pickable.has(id))) return { ok: false, message: notPickable[table] };
  return { ok: true, ids };
}

/** A refused Add's step again, with what was picked. */
export async function refusedAdd(access: IncentivesAccess, table: PeopleTable, form: FormData, message: string) {
  const params = new URLSearchParams(selectionFields({ named: readSelection(form).named, pointed: [] }));
  return peopleStep(access, table, params, { people: [message] });
}

export const peopleTableOf = (step: IncentiveStep): PeopleTable | null => (step === "participants" ? "incentive_participant" : step === "approvers" ? "incentive_approver" : null);
