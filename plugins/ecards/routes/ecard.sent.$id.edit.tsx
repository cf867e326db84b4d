import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { checkScheduledEdit, scheduledEditView } from "../composer.server";
import { CardFields } from "../components/ecard-composer";
import { dayWords } from "../components/ecard-face";
import { requireEcards } from "../guards.server";
import { ecardFor } from "../read.server";
import { deliverEcard, updateScheduledEcard } from "../send.server";

export const meta: MetaFunction = () => [{ title: "Edit eCard" }];

async function scheduledCard(args: LoaderFunctionArgs) {
  const access = await requireEcards(args);
  const id = rowId(args.params.id);
  const card = id === null ? null : await ecardFor(access.db, access.viewer.employee.id, id, "sent");
  if (!card) throw new Response("Not found", { status: 404 });
  if (card.status !== "SCHEDULED") throw redirect(`/ecard/sent/${card.id}`);
  return { access, card };
}

export async function loader(args: LoaderFunctionArgs) {
  const { access, card } = await scheduledCard(args);
  return json({ id: card.id, recipients: card.recipients.map((recipient) => recipient.person.displayName), view: await scheduledEditView(access, { ...card, design: card.design.id }) });
}

/** Saves the changes while the card is still scheduled; a card moved to today goes at once. */
export async function action(args: ActionFunctionArgs) {
  const { access, card } = await scheduledCard(args);
  const checked = await checkScheduledEdit(access, await args.request.formData());
  if (!checked.ok) return json({ view: checked.view }, { status: 400 });
  if (!(await updateScheduledEcard(access.db, access.viewer.employee.id, card.id, checked.changes))) {
    return redirectWithToast(args, `/ecard/sent/${card.id}`, { type: "error", message: "This eCard can no longer be edited." });
  }
  if (checked.now) await deliverEcard(args.context.app, args.context.tenant, access.db, card.id);
  const message = checked.now ? "Your eCard was sent." : `Your eCard will be sent on ${dayWords(checked.changes.sendOn)}.`;
  return redirectWithToast(args, `/ecard/sent/${card.id}`, { type: "success", message });
}

export default function EditEcardPage() {
  const { id, recipients, view } = useLoaderData<typeof loader>();
  const saved = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Edit eCard</h1>
      <Card className="p-4">
        <Form method="post" className="flex flex-col gap-5">
          <p>To {recipients.join(", ")}</p>
          <CardFields view={saved?.view ?? view} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="ghost">
              <Link to={`/ecard/sent/${id}`}>Back</Link>
            </Button>
            <Button type="submit">Save eCard</Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
