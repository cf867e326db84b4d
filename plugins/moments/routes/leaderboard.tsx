import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireFeed } from "../guards.server";
import { leaderboardRangeOf } from "../leaderboard";
import { leaderboardView } from "../leaderboard-card.server";
import { LeaderboardCard } from "../components/leaderboard-card";

export const meta: MetaFunction = () => [{ title: "Moments Leaderboard" }];

/** The leaderboard of ?range=MONTH (default) or YEAR: the card's toggle loads it in place, or opens it as a page without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  return json(await leaderboardView(access, leaderboardRangeOf(new URL(args.request.url).searchParams.get("range"))));
}

export default function LeaderboardPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-semibold">Moments Leaderboard</h1>
      <LeaderboardCard data={data} titled={false} />
      <Link to="/feed" className="text-sm underline">
        Back to the feed
      </Link>
    </div>
  );
}
