import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { FilterLinks, IncentivesPage, INCENTIVES, IncentiveSummary } from "../components/incentive-parts";
import { incentivesNav, requireIncentiveCreator } from "../guards.server";
import { deleteIncentive, duplicateIncentive, endIncentive, setStatus } from "../incentives.server";
import { tellEnded } from "../news.server";
import { listIncentives, type IncentivePhase } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Manage incentives" }];

const phases: { value: IncentivePhase | "ALL"; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "DRAFT", label: "Drafts" },
  { value: "OPEN", label: "Open" },
  { value: "UPCOMING", label: "Upcoming" },
  { value: "PAUSED", label: "Paused" },
  { value: "COMPLETED", label: "Completed" },
];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireIncentiveCreator(args, "manage");
  const params = new URL(args.request.url).searchParams;
  const status = phases.find((each) => each.value === params.get("status"))?.value ?? "ALL";
  const [nav, incentives] = await Promise.all([incentivesNav(access), listIncentives(access.db, { kind: "all" }, "ALL", access.today)]);
  const shown = status === "ALL" ? incentives : incentives.filter((incentive) => incentive.phase === status);
  const confirming = shown.find((incentive) => incentive.id === rowId(params.get("delete"))) ?? null;
  return json({ nav, status, incentives: shown, confirming: confirming && { id: confirming.id, title: confirming.title, submissions: confirming.submissions } });
}

/** What each button on the list does, and what it says when done (the spec's words) or when it could not. */
const intents = {
  pause: { done: "Incentive paused successfully.", failed: "Failed to pause incentive." },
  resume: { done: "Incentive resumed successfully.", failed: "Failed to resume incentive." },
  end: { done: "Incentive ended successfully.", failed: "Failed to end incentive." },
  delete: { done: "Incentive deleted successfully.", failed: "Failed to delete incentive." },
  duplicate: { done: "Incentive duplicated successfully.", failed: "Failed to duplicate incentive." },
} as const;

export async function action(args: ActionFunctionArgs) {
  const access = await requireIncentiveCreator(args, "manage");
  const form = await args.request.formData();
  const intent = String(form.get("intent")) as keyof typeof intents;
  const id = rowId(String(form.get("id") ?? ""));
  const words = intents[intent];
  if (!words || id === null) return redirectWithToast(args, `${INCENTIVES}/manage-incentives`, { type: "error", message: "Choose an incentive and what to do with it." });
  const { db, today } = access;
  if (intent === "duplicate") {
    const copy = await duplicateIncentive(db, id, access.viewer.employee.id, today);
    if (copy === null) return redirectWithToast(args, `${INCENTIVES}/manage-incentives`, { type: "error", message: words.failed });
    return redirectWithToast(args, `${INCENTIVES}/manage-incentives/edit/${copy}/details`, { type: "success", message: words.done });
  }
  const ended = intent === "end" ? await endIncentive(db, id, today) : null;
  if (ended) await tellEnded(access.app, access.tenant, db, ended);
  const done = intent === "delete" ? await deleteIncentive(db, id) : intent === "end" ? ended !== null : await setStatus(db, id, intent === "pause" ? "PAUSED" : "ACTIVE");
  if (done) args.context.log.info({ event: "incentive_changed", incentiveId: id, intent }, "incentive changed");
  return redirectWithToast(args, `${INCENTIVES}/manage-incentives`, done ? { type: "success", message: words.done } : { type: "error", message: words.failed });
}

function Action({ id, intent, children, title, variant = "outline" }: { id: number; intent: keyof typeof intents; children: string; title: string; variant?: "outline" | "default" }) {
  const sending = useNavigation().formMethod === "POST";
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" disabled={sending} aria-label={`${children} “${title}”`}>
        {children}
      </Button>
    </Form>
  );
}

export default function ManageIncentivesPage() {
  const { nav, status, incentives, confirming } = useLoaderData<typeof loader>();
  return (
    <IncentivesPage
      title="Manage incentives"
      nav={nav}
      actions={
        <Button asChild>
          <Link to={`${INCENTIVES}/manage-incentives/create`}>Create an incentive</Link>
        </Button>
      }
    >
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-delete" className="card flex flex-col gap-3 border-red-300 p-4">
          <h2 id="confirm-delete" className="font-semibold">
            Delete “{confirming.title}”?
          </h2>
          <p className="text-sm text-slate-700">
            {confirming.submissions === 0 ? "It has no submissions." : `Its ${confirming.submissions === 1 ? "submission goes" : `${confirming.submissions} submissions go`} with it; points already paid stay paid.`} This can't be undone.
          </p>
          <div className="flex gap-2">
            <Action id={confirming.id} intent="delete" title={confirming.title} variant="default">
              Delete
            </Action>
            <Button asChild variant="ghost" size="sm">
              <Link to="?">Keep it</Link>
            </Button>
          </div>
        </div>
      ) : null}
      <FilterLinks label="Filter by status" param="status" choices={phases} current={status} />
      {incentives.length === 0 ? (
        <p className="text-slate-700">{status === "ALL" ? "No incentive yet: create the first." : "No incentive is in that state."}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {incentives.map((incentive) => (
            <li key={incentive.id} className="card flex flex-col gap-3 p-4">
              <IncentiveSummary incentive={incentive} to={`${INCENTIVES}/manage-incentives/edit/${incentive.id}/details`}>
                <p className="text-sm text-slate-700">{incentive.pending === 1 ? "1 submission waiting" : `${incentive.pending} submissions waiting`}</p>
              </IncentiveSummary>
              <div className="flex flex-wrap gap-2">
                {incentive.phase === "OPEN" || incentive.phase === "UPCOMING" ? <Action id={incentive.id} intent="pause" title={incentive.title}>Pause</Action> : null}
                {incentive.phase === "PAUSED" ? <Action id={incentive.id} intent="resume" title={incentive.title}>Resume</Action> : null}
                {incentive.phase !== "DRAFT" && incentive.phase !== "COMPLETED" ? <Action id={incentive.id} intent="end" title={incentive.title}>End now</Action> : null}
                <Action id={incentive.id} intent="duplicate" title={incentive.title}>Duplicate</Action>
                <Button asChild variant="ghost" size="sm">
                  <Link aria-label={`Delete “${incentive.title}”`} to={`?${new URLSearchParams({ ...(status === "ALL" ? {} : { status }), delete: String(incentive.id) })}`}>Delete</Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </IncentivesPage>
  );
}
