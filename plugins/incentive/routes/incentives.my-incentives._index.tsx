import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseToFeed, NOT_ALLOWED } from "~/modules/auth/guards.server";
import { daysText, IncentiveBadge, IncentivesPage, INCENTIVES, PhaseBadge, rewardText } from "../components/incentive-parts";
import { incentivesNav, requireIncentives } from "../guards.server";
import { listIncentives } from "../read.server";

export const meta: MetaFunction = () => [{ title: "My incentives" }];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireIncentives(args);
  if (!access.options.myIncentivesEnabled) return refuseToFeed(args, NOT_ALLOWED);
  const filter = new URL(args.request.url).searchParams.get("filter") === "COMPLETED" ? "COMPLETED" : "OPEN";
  const [nav, incentives] = await Promise.all([incentivesNav(access), listIncentives(access.db, { kind: "participant", employeeId: access.viewer.employee.id }, filter, access.today)]);
  return json({ nav, filter, incentives });
}

/** The spec's My Incentives: those the viewer takes part in, open or completed, with their own submissions counted. */
export default function MyIncentivesPage() {
  const { nav, filter, incentives } = useLoaderData<typeof loader>();
  return (
    <IncentivesPage title="My incentives" nav={nav}>
      <nav aria-label="Open or completed" className="flex gap-2 text-sm">
        {(["OPEN", "COMPLETED"] as const).map((each) => (
          <Link key={each} to={each === "OPEN" ? "?" : "?filter=COMPLETED"} aria-current={each === filter ? "page" : undefined} className="rounded-full border border-slate-300 px-3 py-1 aria-[current=page]:border-brand aria-[current=page]:font-semibold">
            {each === "OPEN" ? "Open" : "Completed"}
          </Link>
        ))}
      </nav>
      {incentives.length === 0 ? (
        <p className="text-slate-700">{filter === "OPEN" ? "You take part in no open incentive." : "No incentive you took part in is completed yet."}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {incentives.map((incentive) => (
            <li key={incentive.id} className="card flex items-start gap-3 p-4">
              <IncentiveBadge icon={incentive.icon} color={incentive.color} />
              <div className="flex min-w-0 flex-col gap-1">
                <Link to={`${INCENTIVES}/${incentive.id}`} className="text-lg font-semibold break-words hover:underline">
                  {incentive.title}
                </Link>
                <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                  <PhaseBadge phase={incentive.phase} />
                  <span>{daysText(incentive.startDate, incentive.endDate)}</span>
                  <span>{rewardText(incentive)}</span>
                </div>
                <p className="text-sm text-slate-700">
                  {incentive.submissions === 0 ? "You sent no submission yet." : `You sent ${incentive.submissions === 1 ? "1 submission" : `${incentive.submissions} submissions`}, ${incentive.approved} approved.`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </IncentivesPage>
  );
}
