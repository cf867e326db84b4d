import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { calendarSubscription, renewCalendarToken, revokeCalendarToken } from "../calendar.server";
import { requireMilestones } from "../guards.server";

export const meta: MetaFunction = () => [{ title: "Milestones calendar" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireMilestones(args);
  return json({ subscription: await calendarSubscription(db, viewer.employee.id) });
}

/** A new address (the old one stops working), shown once; or the subscription ended. */
export async function action(args: ActionFunctionArgs) {
  const { db, viewer } = await requireMilestones(args);
  const intent = (await args.request.formData()).get("intent");
  if (intent === "revoke") {
    await revokeCalendarToken(db, viewer.employee.id);
    return redirectWithToast(args, "/milestones/calendar", { type: "success", message: "Your calendar address no longer works." });
  }
  if (intent !== "renew") throw new Response("Bad request", { status: 400 });
  const token = await renewCalendarToken(db, viewer.employee.id);
  const base = `${new URL(args.request.url).origin}/milestones.ics?token=${token}`;
  return json({ addresses: { team: `${base}&scope=team`, program: `${base}&scope=program` }, subscription: await calendarSubscription(db, viewer.employee.id) });
}

function Address({ label, value }: { label: string; value: string }) {
  const id = `address-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} readOnly value={value} className="w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-sm" />
    </div>
  );
}

export default function MilestoneCalendarPage() {
  const loaded = useLoaderData<typeof loader>();
  const made = useActionData<typeof action>();
  const subscription = made?.subscription ?? loaded.subscription;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/milestones" className="text-sm text-brand underline">
        ← All milestones
      </Link>
      <h1 className="text-2xl font-semibold">Milestones calendar</h1>
      <Card className="flex flex-col gap-3">
        <CardTitle>Subscribe in a calendar app</CardTitle>
        <p className="text-sm text-slate-700">
          A calendar app that subscribes to your address shows the next year's birthdays and work anniversaries, and keeps them up to date. The address is yours alone: anyone who has it sees these
          milestones, so make a new one (the old one stops working) or turn it off if it gets out.
        </p>
        {made ? (
          <div role="status" className="flex flex-col gap-3 rounded-md bg-emerald-50 p-3">
            <p className="text-sm font-medium text-emerald-900">Copy your address now: it is shown only once.</p>
            <Address label="My team's milestones" value={made.addresses.team} />
            <Address label="Everyone's milestones" value={made.addresses.program} />
          </div>
        ) : null}
        <p className="text-sm text-slate-700">
          {subscription ? (
            <>
              Your current address was made <LocalDate iso={subscription.since} />.
            </>
          ) : (
            "You have no calendar address."
          )}
        </p>
        <Form method="post" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="renew">
            {subscription ? "Make a new address" : "Make my address"}
          </Button>
          {subscription ? (
            <Button type="submit" name="intent" value="revoke" variant="outline">
              Turn off my address
            </Button>
          ) : null}
        </Form>
      </Card>
    </div>
  );
}
