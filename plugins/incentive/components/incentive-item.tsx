import type { PublishedItemView } from "~/modules/plugins/manifest";
import type { IncentiveColor, IncentiveIcon } from "../rules";
import { IncentiveBadge } from "./incentive-parts";

/** An approved incentive submission in the feed or on the participant's wall: who reached which incentive, approved by whom. */
export function IncentiveItem({ item }: { item: PublishedItemView }) {
  const { participantName, incentiveTitle, reviewerName, icon, color } = item.data as { participantName: string; incentiveTitle: string; reviewerName: string; icon: IncentiveIcon | null; color: IncentiveColor | null };
  return (
    <div className="flex items-center gap-3">
      <IncentiveBadge icon={icon} color={color} />
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{participantName}</strong> reached the incentive <strong className="text-slate-900">{incentiveTitle}</strong>, approved by {reviewerName}.
      </p>
    </div>
  );
}
