import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IncentiveHeader } from "../components/incentive-header";
import { INCENTIVES } from "../components/incentive-parts";
import { requireCreatedIncentive, shownOf } from "../participant.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.incentive.title : "Incentive" }];

/** The spec's read-only view: what the incentive asks and rewards, for anyone of the program (a participant's own page links here for others). */
export async function loader(args: LoaderFunctionArgs) {
  const { incentive, participates } = await requireCreatedIncentive(args);
  return json({ incentive: shownOf(incentive), participates });
}

export default function ReadOnlyIncentivePage() {
  const { incentive, participates } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <IncentiveHeader incentive={incentive} />
      <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm">
        {participates ? (
          <>
            You take part in this incentive: <Link to={`${INCENTIVES}/${incentive.id}`}>send a submission</Link>.
          </>
        ) : (
          "You don't take part in this incentive."
        )}
      </p>
    </div>
  );
}
