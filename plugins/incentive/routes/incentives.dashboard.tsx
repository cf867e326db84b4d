import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { IncentivesPage, INCENTIVES } from "../components/incentive-parts";
import { incentivesNav, requireIncentiveCreator } from "../guards.server";
import { incentiveMetrics } from "../metrics.server";

export const meta: MetaFunction = () => [{ title: "Incentives dashboard" }];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireIncentiveCreator(args, "dashboard");
  const [nav, metrics] = await Promise.all([incentivesNav(access), incentiveMetrics(access.db, access.today)]);
  return json({ nav, metrics });
}

const shownPercent = (value: number | null) => (value === null ? "None yet" : `${value}%`);

/** The spec's metric cards over the program's open incentives. */
export default function IncentivesDashboard() {
  const { nav, metrics } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Open Incentives", value: String(metrics.openIncentives), to: `${INCENTIVES}/manage-incentives?status=OPEN` },
    { label: "New Submissions", value: String(metrics.newSubmissions), to: nav.submissions ? `${INCENTIVES}/submissions` : null },
    { label: "Approval Rate", value: shownPercent(metrics.approvalRate), to: null },
    { label: "Participants", value: String(metrics.participants), to: null },
    { label: "Participation", value: shownPercent(metrics.participation), to: null },
  ];
  return (
    <IncentivesPage
      title="Incentives"
      nav={nav}
      actions={
        nav.manage ? (
          <Button asChild>
            <Link to={`${INCENTIVES}/manage-incentives/create`}>Create an incentive</Link>
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-slate-700">Over the incentives open now.</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <li key={card.label} className="card flex flex-col gap-1 p-4">
            <span className="text-sm text-slate-700">{card.label}</span>
            <span className="text-2xl font-semibold">{card.to ? <Link to={card.to} className="hover:underline">{card.value}</Link> : card.value}</span>
          </li>
        ))}
      </ul>
    </IncentivesPage>
  );
}
