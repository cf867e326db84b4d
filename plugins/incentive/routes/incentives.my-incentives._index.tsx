import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { refuseToFeed, NOT_ALLOWED } from "~/modules/auth/guards.server";
import { FilterLinks, IncentivesPage, INCENTIVES, IncentiveSummary } from "../components/incentive-parts";
import { incentivesNav, requireIncentives } from "../guards.server";
import { listIncentives } from "../read.server";

export const meta: MetaFunction = () => [{ title: "My incentives" }];

const listFilters = [
  { value: "OPEN", label: "Open" },
  { value: "COMPLETED", label: "Completed" },
] as const;

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireIncentives(args);
  if (!access.options.myIncentivesEnabled) return refuseToFeed(args, NOT_ALLOWED);
  const filter = listFilters.find((each) => each.value === new URL(args.request.url).searchParams.get("filter"))?.value ?? "OPEN";
  const [nav, incentives] = await Promise.all([incentivesNav(access), listIncentives(access.db, { kind: "participant", employeeId: access.viewer.employee.id }, filter, access.today)]);
  return json({ nav, filter, incentives });
}

/** The spec's My Incentives: those the viewer takes part in, open or completed, with their own submissions counted. */
export default function MyIncentivesPage() {
  const { nav, filter, incentives } = useLoaderData<typeof loader>();
  return (
    <IncentivesPage title="My incentives" nav={nav}>
      <FilterLinks label="Open or completed" param="filter" choices={listFilters} current={filter} />
      {incentives.length === 0 ? (
        <p className="text-slate-700">{filter === "OPEN" ? "You take part in no open incentive." : "No incentive you took part in is completed yet."}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {incentives.map((incentive) => (
            <li key={incentive.id} className="card p-4">
              <IncentiveSummary incentive={incentive} to={`${INCENTIVES}/${incentive.id}`}>
                <p className="text-sm text-slate-700">
                  {incentive.submissions === 0 ? "You sent no submission yet." : `You sent ${incentive.submissions === 1 ? "1 submission" : `${incentive.submissions} submissions`}, ${incentive.approved} approved.`}
                </p>
              </IncentiveSummary>
            </li>
          ))}
        </ul>
      )}
    </IncentivesPage>
  );
}
