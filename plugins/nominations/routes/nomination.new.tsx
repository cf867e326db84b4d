import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { InsufficientPoints } from "~/modules/points/ledger.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { checkForNominating, nominationMessages, nominationStep, refusedView } from "../composer.server";
import { NominationComposer } from "../components/nomination-composer";
import { requireNominator } from "../guards.server";
import { createNominations } from "../nominate.server";

export const meta: MetaFunction = () => [{ title: "Nominate" }];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireNominator(args);
  return json({ view: await nominationStep(access, new URL(args.request.url).searchParams) });
}

/** Makes the nominations once the draft passes every rule; each goes to its first approver. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireNominator(args);
  const form = await args.request.formData();
  const checked = await checkForNominating(access, form);
  if (!checked.ok) return json({ view: checked.view }, { status: 400 });
  const { app, tenant, log } = args.context;
  try {
    const ids = await createNominations(app, tenant, access.db, access.options, access.viewer.employee.id, checked.input);
    log.info({ event: "nominations_made", count: ids.length }, "nominations made");
    const message = ids.length === 1 ? "Your nomination was submitted." : `Your ${ids.length} nominations were submitted.`;
    return redirectWithToast(args, ids.length === 1 ? `/nomination/sent/${ids[0]}` : "/nomination/sent", { type: "success", message });
  } catch (error) {
    // A level approved at once pays there and then: the nominator's points may have gone meanwhile.
    if (!(error instanceof InsufficientPoints)) throw error;
    return json({ view: await refusedView(access, form, { level: [nominationMessages.notEnoughPoints] }) }, { status: 409 });
  }
}

export default function NominatePage() {
  const { view } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A new composer per navigation only: a refused submit must not reset what was typed.
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Nominate</h1>
      <Card className="p-4">
        <NominationComposer key={key} view={refused?.view ?? view} />
      </Card>
    </div>
  );
}
