import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ErrorList, RadioFieldset } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { DetailsFields } from "../components/details-fields";
import { GuidelinesFields } from "../components/guidelines-fields";
import { IncentivesPage, INCENTIVES } from "../components/incentive-parts";
import { PeopleEditor } from "../components/people-editor";
import { RewardFields } from "../components/reward-fields";
import { FinishPanel, stepPath, StepNav } from "../components/step-nav";
import { stepValues } from "../components/step-values";
import { incentivesNav, requireManagedIncentive } from "../guards.server";
import { addPeople, deleteIncentive, publishIncentive, removePerson } from "../incentives.server";
import { tellAdded } from "../news.server";
import { checkAdded, peopleStep, peopleTableOf, refusedAdd, saveFormStep, saveParticipantChoice, type PeopleStepView, type RefusedStep } from "../step-actions.server";
import { incentiveSteps, isComplete, isStep, stepIds, type IncentiveStep } from "../steps";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${incentiveSteps[data.step]} | ${data.incentive.title}` : "Incentive" }];

async function requireStep(args: LoaderFunctionArgs) {
  const page = await requireManagedIncentive(args);
  const step = args.params.step;
  if (!isStep(step)) throw redirect(stepPath(page.incentive.id, "details"));
  return { ...page, step };
}

export async function loader(args: LoaderFunctionArgs) {
  const { access, incentive, step } = await requireStep(args);
  const params = new URL(args.request.url).searchParams;
  // The people step's Back: the step as it is, nothing picked.
  if (params.get("go") === "compose") throw redirect(stepPath(incentive.id, step));
  const table = peopleTableOf(step);
  const people = table ? await peopleStep(access, table, params) : null;
  return json({ nav: await incentivesNav(access), incentive, step, values: stepValues(incentive, step), people });
}

const nextStep = (step: IncentiveStep) => stepIds[Math.min(stepIds.indexOf(step) + 1, stepIds.length - 1)]!;

const keepsOne = { incentive_participant: "An incentive for chosen people keeps at least one participant.", incentive_approver: "An incentive keeps at least one approver." } as const;

type Refused = { refused?: RefusedStep; people?: PeopleStepView };

/** Saves the step (a created incentive's change applies at once), adds or removes people, creates the draft for real, or discards it. */
export async function action(args: ActionFunctionArgs) {
  const { access, incentive, step } = await requireStep(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const here = stepPath(incentive.id, step);
  const table = peopleTableOf(step);
  const saved = () =>
    incentive.published ? redirectWithToast(args, here, { type: "success", message: "Incentive updated successfully." }) : redirect(stepPath(incentive.id, step === "approvers" ? step : nextStep(step)));

  if (intent === "publish") {
    if (!isComplete(incentive.completion)) return redirectWithToast(args, here, { type: "error", message: "Complete every step to create the incentive." });
    await publishIncentive(access.app, access.tenant, access.db, incentive);
    args.context.log.info({ event: "incentive_created", incentiveId: incentive.id }, "incentive created");
    return redirectWithToast(args, `${INCENTIVES}/manage-incentives`, { type: "success", message: `Incentive '${incentive.title}' created successfully.` });
  }
  if (intent === "discard" && !incentive.published) {
    await deleteIncentive(access.db, incentive.id);
    return redirectWithToast(args, `${INCENTIVES}/manage-incentives`, { type: "success", message: "The draft was discarded." });
  }
  if (intent === "type" && step === "participants") {
    const refused = await saveParticipantChoice(access, incentive, form);
    if (refused) return json<Refused>({ refused }, { status: 400 });
    // The people chosen are added on this step, under the choice.
    return form.get("participantType") === "CHOSEN" ? redirect(here) : saved();
  }
  if (intent === "add" && table) {
    const checked = await checkAdded(access, table, form);
    if (!checked.ok) return json<Refused>({ people: await refusedAdd(access, table, form, checked.message) }, { status: 400 });
    const added = await addPeople(access.db, table, incentive.id, checked.ids);
    if (incentive.published) await tellAdded(access.app, access.tenant, access.db, table, incentive, added);
    const message = added.length === 0 ? "Everyone you chose was here already." : added.length === 1 ? "1 person was added." : `${added.length} people were added.`;
    return redirectWithToast(args, here, { type: "success", message });
  }
  if (intent === "remove" && table) {
    const employeeId = rowId(String(form.get("employeeId") ?? ""));
    const removed = employeeId === null ? "NONE" : await removePerson(access.db, table, incentive, employeeId);
    if (removed === "KEPT") return json<Refused>({ people: await peopleStep(access, table, new URLSearchParams(), { remove: [keepsOne[table]] }) }, { status: 409 });
    return removed === "REMOVED" ? redirectWithToast(args, here, { type: "success", message: "Removed." }) : redirect(here);
  }
  if (step === "details" || step === "reward-type" || step === "submission-guidelines") {
    const refused = await saveFormStep(access, incentive, step, form);
    return refused ? json<Refused>({ refused }, { status: 400 }) : saved();
  }
  return redirect(here);
}

function FormStep({ step, values, errors, published }: { step: "details" | "reward-type" | "submission-guidelines"; values: Record<string, string>; errors: Record<string, string[]>; published: boolean }) {
  const sending = useNavigation().formMethod === "POST";
  return (
    <Form method="post" aria-label={incentiveSteps[step]} className="flex flex-col gap-4">
      {step === "details" ? <DetailsFields values={values} errors={errors} colorAsked={!published} /> : step === "reward-type" ? <RewardFields values={values} errors={errors} /> : <GuidelinesFields values={values} errors={errors} />}
      <Button type="submit" name="intent" value="save" className="self-end" disabled={sending}>
        {published ? "Save" : "Save and continue"}
      </Button>
    </Form>
  );
}

export default function IncentiveStepPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Refused | undefined;
  const { key } = useLocation();
  const { incentive, step } = data;
  const action = stepPath(incentive.id, step);
  const sending = useNavigation().formMethod === "POST";
  const people = answer?.people ?? data.people;
  return (
    <IncentivesPage title={incentive.published ? `Edit “${incentive.title}”` : `Create “${incentive.title}”`} nav={data.nav}>
      <StepNav id={incentive.id} current={step} completion={incentive.completion} />
      <Card className="flex flex-col gap-4 p-4" key={key}>
        <h2 className="text-lg font-semibold">{incentiveSteps[step]}</h2>
        {step === "details" || step === "reward-type" || step === "submission-guidelines" ? (
          <FormStep step={step} values={answer?.refused?.values ?? data.values} errors={answer?.refused?.errors ?? {}} published={incentive.published} />
        ) : null}
        {step === "participants" ? (
          <Form method="post" action={action} aria-label="Who takes part" className="flex flex-col gap-3">
            <RadioFieldset
              legend="Who takes part?"
              id="participant-type"
              name="participantType"
              defaultValue={incentive.allEligibleStaff === null ? "" : incentive.allEligibleStaff ? "ALL" : "CHOSEN"}
              errors={answer?.refused?.errors.participantType}
              choices={[
                { value: "ALL", label: "All eligible staff" },
                { value: "CHOSEN", label: "The people I choose" },
              ]}
            />
            <Button type="submit" name="intent" value="type" variant="outline" className="self-start" disabled={sending}>
              Save
            </Button>
          </Form>
        ) : null}
        {people && (step === "approvers" || incentive.allEligibleStaff === false || incentive.published) ? (
          <PeopleEditor
            action={action}
            view={people}
            people={step === "approvers" ? incentive.approverList : incentive.participantList}
            title={step === "approvers" ? "Add approvers" : "Add participants"}
            listLabel={step === "approvers" ? "Approvers" : "Participants"}
            empty={
              step === "approvers"
                ? "No approver yet: add at least one. Approvers review submissions; nobody reviews their own."
                : incentive.allEligibleStaff
                  ? "Everyone active takes part now. To limit it to chosen people, add them here, then choose “The people I choose”."
                  : "Nobody yet: add the people who take part."
            }
          />
        ) : null}
        <ErrorList errors={answer?.refused?.errors.form} />
      </Card>
      <FinishPanel id={incentive.id} published={incentive.published} completion={incentive.completion} />
    </IncentivesPage>
  );
}
