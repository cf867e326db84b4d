import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { refuseToFeed } from "~/modules/auth/guards.server";
import { isPluginEnabled } from "~/modules/tenants/features";
import { actionsOn, withActions } from "../actions.server";
import { MilestoneRow } from "../components/milestone-parts";
import { dayHeading } from "../days";
import { requireMilestones } from "../guards.server";
import { MILESTONE_NOT_FOUND, parseMilestoneForeignId } from "../rules";
import { milestonesOn } from "../upcoming.server";

export const meta: MetaFunction = () => [{ title: "Milestone" }];

/** The spec's MilestoneItemPage: a milestone by its foreign id, upcoming or past, while its person still has that date; anything else goes to /feed. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireMilestones(args);
  const { db, viewer, options } = access;
  const foreignId = args.params.id ?? "";
  const key = parseMilestoneForeignId(foreignId);
  const milestone = key ? (await milestonesOn(db, key.day, options.types, [key.employeeId])).find((found) => found.foreignId === foreignId) : undefined;
  if (!milestone) return refuseToFeed(args, MILESTONE_NOT_FOUND);
  const [recorded, actions] = await Promise.all([
    db.selectFrom("milestone").select("feed_item_id").where("foreign_id", "=", foreignId).executeTakeFirst(),
    actionsOn(args.context.app.registry, db, viewer, [milestone]),
  ]);
  const postId = isPluginEnabled(viewer.tenant, "moments") ? (recorded?.feed_item_id ?? null) : null;
  return json({ milestone: withActions(milestone, actions), today: access.today, postId });
}

export default function MilestonePage() {
  const { milestone, today, postId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/milestones" className="text-sm text-brand underline">
        ← All milestones
      </Link>
      <h1 className="text-2xl font-semibold">
        {milestone.person.displayName}: {milestone.label}
      </h1>
      <Card>
        <p className="text-sm font-semibold text-slate-700">{dayHeading(milestone.day, today)}</p>
        <div className="milestone-row">
          <MilestoneRow milestone={milestone} />
        </div>
        {postId !== null ? (
          <Link to={`/post/${postId}`} className="text-sm text-brand underline">
            See the post, react and comment
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
