import { Link } from "@remix-run/react";
import type { PublishedItemView } from "~/modules/plugins/manifest";
import { monthAndDate } from "../days";
import { MilestoneIcon } from "./milestone-parts";
import type { MilestoneEvent } from "../rules";

interface MilestoneData {
  foreignId: string;
  event: MilestoneEvent;
  label: string;
  day: string;
  personId: number;
  personName: string;
  firstName: string;
}

function greeting({ event, label, firstName }: MilestoneData) {
  if (event === "BIRTHDAY") return `Happy Birthday, ${firstName}!`;
  if (event === "ANNIVERSARY") return `Happy ${label}, ${firstName}!`;
  return `${label}: congratulations, ${firstName}!`;
}

/** A birthday, work anniversary or program milestone on the feed or its person's wall: the greeting, whose and which day. */
export function MilestoneItem({ item }: { item: PublishedItemView }) {
  const data = item.data as unknown as MilestoneData;
  return (
    <div className="flex items-start gap-3 rounded-md bg-amber-50 p-3">
      <MilestoneIcon event={data.event} className="mt-1 size-6 shrink-0 text-amber-800" />
      <div>
        <p className="text-lg font-semibold text-slate-900">{greeting(data)}</p>
        <p className="text-sm text-slate-700">
          <Link to={`/profile/${data.personId}`} className="font-medium text-slate-900 underline">
            {data.personName}
          </Link>{" "}
          · <Link to={`/milestone-detail/${data.foreignId}`} className="underline">{`${data.label}, ${monthAndDate(data.day)}`}</Link>
        </p>
      </div>
    </div>
  );
}
