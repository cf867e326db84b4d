import { calendarDayText } from "~/modules/time/calendar-days";
import type { IncentiveView } from "../read.server";
import { daysText, IncentiveBadge, PhaseBadge, rewardText } from "./incentive-parts";

/** What participants read of an incentive (never who else takes part). */
export type IncentiveShown = Pick<
  IncentiveView,
  "id" | "title" | "description" | "icon" | "color" | "startDate" | "endDate" | "phase" | "rewardType" | "rewardPointType" | "pointsAmount" | "quantity" | "rewardDescription" | "participationLimit" | "submissionInstructions"
>;

/** Why a participant cannot send a submission now, in a sentence. */
export function closedText(incentive: Pick<IncentiveShown, "phase" | "startDate">) {
  if (incentive.phase === "PAUSED") return "This incentive is paused: it takes submissions again once it resumes.";
  if (incentive.phase === "UPCOMING") return `This incentive takes submissions from ${calendarDayText(incentive.startDate)}.`;
  return "This incentive is over: it takes no more submissions.";
}

/** An incentive as its participants read it: what it asks, what it rewards, and until when. */
export function IncentiveHeader({ incentive }: { incentive: IncentiveShown }) {
  const limit = incentive.participationLimit;
  return (
    <section aria-labelledby="incentive-title" className="card flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <IncentiveBadge icon={incentive.icon} color={incentive.color} className="size-12" />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 id="incentive-title" className="text-2xl font-semibold break-words">
            {incentive.title}
          </h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <PhaseBadge phase={incentive.phase} />
            <span>{daysText(incentive.startDate, incentive.endDate)}</span>
          </div>
        </div>
      </div>
      <p className="break-words whitespace-pre-line">{incentive.description}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Reward</dt>
          <dd>{rewardText(incentive)}</dd>
        </div>
        <div>
          <dt className="font-medium">Submissions each</dt>
          <dd>{limit === null || limit === -1 ? "No limit" : `At most ${limit}`}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1 text-sm">
        <h2 className="font-medium">How to take part</h2>
        <p className="break-words whitespace-pre-line">{incentive.submissionInstructions}</p>
      </div>
    </section>
  );
}
