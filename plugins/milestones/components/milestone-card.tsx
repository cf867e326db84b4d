import { Link } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import type { UpcomingView } from "../list.server";
import { DayGroups } from "./milestone-groups";

export const NO_MILESTONES = "There are no upcoming milestones.";

/** The right sidebar's milestone card: the next five milestones under their dates, and 'See All Milestones'. */
export function MilestoneCard({ data }: { data: UpcomingView }) {
  return (
    <Card aria-labelledby="milestone-card-title">
      <CardTitle id="milestone-card-title">Milestones</CardTitle>
      {data.milestones.length === 0 ? <p className="text-sm text-slate-600">{NO_MILESTONES}</p> : <DayGroups milestones={data.milestones} today={data.today} headingLevel="h3" />}
      <Link to="/milestones" className="milestone-more">
        See All Milestones
      </Link>
    </Card>
  );
}
