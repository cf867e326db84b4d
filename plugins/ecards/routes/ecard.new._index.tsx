import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { InsufficientPoints } from "~/modules/points/ledger.server";
import { recognitionMessages } from "~/modules/recognition/selection";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { checkForSending, ecardStep, refusedView } from "../composer.server";
import { EcardComposer } from "../components/ecard-composer";
import { dayWords } from "../components/ecard-face";
import { requireEcards } from "../guards.server";
import { createEcard } from "../send.server";

export const meta: MetaFunction = () => [{ title: "Send an eCard" }];

/** A step of the composer, from the draft in the URL; `designId` preselects a design (the spec's /ecard/new/{id}). */
export async function ecardComposerLoader(args: LoaderFunctionArgs, designId: string | null) {
  const access = await requireEcards(args);
  return json({ view: await ecardStep(access, new URL(args.request.url).searchParams, designId) });
}

export const loader = (args: LoaderFunctionArgs) => ecardComposerLoader(args, null);

/** Sends (or schedules) the eCard once the draft passes every rule and the checks were seen. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireEcards(args);
  const form = await args.request.formData();
  const checked = await checkForSending(access, form);
  if (!checked.ok) return json({ view: checked.view }, { status: checked.view.step === "compose" ? 400 : 200 });
  const { app, tenant } = args.context;
  const sender = access.viewer.employee.id;
  const refuse = async (field: string, message: string, status: number) => json({ view: await refusedView(access, form, { [field]: [message] }) }, { status });
  try {
    const { perMinute, perHour } = access.options.limits;
    const limit = { name: "eCards", windows: [{ points: perMinute, seconds: 60 }, { points: perHour, seconds: 60 * 60 }] };
    await app.limits.take(limit, `ecards:${tenant.programId}:${sender}`);
  } catch (error) {
    if (!(error instanceof TooManyActions)) throw error;
    return refuse("mentions", tooManyAttempts(error.retryAfterSeconds, error.limit), 429);
  }
  try {
    const sent = await createEcard(app, tenant, access.db, sender, checked.input);
    args.context.log.info({ event: "ecard_saved", ecardId: sent.id, created: sent.created, sent: sent.sent }, "eCard saved");
    const message = checked.input.now ? "Your eCard was sent." : `Your eCard will be sent on ${dayWords(checked.input.sendOn)}.`;
    return redirectWithToast(args, `/ecard/sent/${sent.id}`, { type: "success", message });
  } catch (error) {
    if (!(error instanceof InsufficientPoints)) throw error;
    return refuse("points", recognitionMessages.notEnoughPoints, 409);
  }
}

export default function NewEcardPage() {
  const { view } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  // A new composer per navigation only: a refused send must not reset what was typed.
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Send an eCard</h1>
      <Card className="p-4">
        <EcardComposer key={key} view={sent?.view ?? view} />
      </Card>
    </div>
  );
}
