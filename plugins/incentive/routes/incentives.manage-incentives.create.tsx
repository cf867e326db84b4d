import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { addDays } from "~/modules/time/calendar-days";
import { DetailsFields } from "../components/details-fields";
import { IncentivesPage, INCENTIVES } from "../components/incentive-parts";
import { stepPath, StepNav } from "../components/step-nav";
import { incentivesNav, requireIncentiveCreator } from "../guards.server";
import { createDraft } from "../incentives.server";
import { checkDetails, typedValues } from "../step-actions.server";

export const meta: MetaFunction = () => [{ title: "Create an incentive" }];

/** Days it runs unless its creator says otherwise. */
const DEFAULT_DAYS = 30;

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireIncentiveCreator(args, "manage");
  return json({ nav: await incentivesNav(access), values: { startDate: access.today, endDate: addDays(access.today, DEFAULT_DAYS), key: crypto.randomUUID() } });
}

/** The details step of a new incentive: it is kept as a draft from here (an empty form leaves nothing behind), and the next step follows. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireIncentiveCreator(args, "manage");
  const form = await args.request.formData();
  const checked = checkDetails(access, typedValues(form), false);
  if (!checked.ok) return json({ refused: checked.refused }, { status: 400 });
  const key = String(form.get("key") ?? "");
  const id = await createDraft(access.db, access.viewer.employee.id, checked.details, /^[\w-]{8,64}$/.test(key) ? key : crypto.randomUUID());
  args.context.log.info({ event: "incentive_draft_created", incentiveId: id }, "incentive draft created");
  return redirect(stepPath(id, "reward-type"));
}

export default function CreateIncentivePage() {
  const { nav, values } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const sending = useNavigation().formMethod === "POST";
  return (
    <IncentivesPage title="Create an incentive" nav={nav}>
      <StepNav id={null} current="details" completion={null} />
      <Card className="p-4">
        <Form method="post" aria-label="Details" className="flex flex-col gap-4">
          <input type="hidden" name="key" value={refused?.values.key ?? values.key} />
          <DetailsFields values={refused?.values ?? values} errors={refused?.errors ?? {}} colorAsked />
          <div className="flex justify-end gap-2">
            <Button asChild variant="ghost">
              <Link to={`${INCENTIVES}/manage-incentives`}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={sending}>
              Save and continue
            </Button>
          </div>
        </Form>
      </Card>
    </IncentivesPage>
  );
}
