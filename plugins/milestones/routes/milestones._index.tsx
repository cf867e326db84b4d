import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageParam } from "~/utils/page-param";
import { rowId } from "~/utils/row-id";
import { MilestoneList } from "../components/milestone-list";
import { requireMilestones } from "../guards.server";
import { upcomingView } from "../list.server";
import { MILESTONE_PAGE_SIZE } from "../rules";

export const meta: MetaFunction = () => [{ title: "Milestones" }];

/** The spec's milestone list (GET milestonefeed/upcoming with page, size and segment): also the next page for infinite scroll. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireMilestones(args);
  const segment = rowId(new URL(args.request.url).searchParams.get("segment"));
  return json(await upcomingView(access, args.context.app.registry, { page: pageParam(args.request), size: MILESTONE_PAGE_SIZE, segment }));
}

export default function MilestonesPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Milestones</h1>
        <nav aria-label="Calendar" className="flex flex-wrap gap-3 text-sm">
          <a href="/milestones.ics?scope=team" className="text-brand underline" download>
            Download my team's calendar
          </a>
          <a href="/milestones.ics?scope=program" className="text-brand underline" download>
            Download everyone's calendar
          </a>
          <Link to="/milestones/calendar" className="text-brand underline">
            Subscribe in a calendar app
          </Link>
        </nav>
      </div>
      <MilestoneList view={view} />
    </div>
  );
}
