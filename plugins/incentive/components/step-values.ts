import type { IncentiveView } from "../read.server";
import { submissionTypeIds } from "../rules";
import type { IncentiveStep } from "../steps";

/** What a step's form shows of an incentive as stored, field by field, as the form would send it. */
export function stepValues(incentive: IncentiveView, step: IncentiveStep): Record<string, string> {
  switch (step) {
    case "details":
      return { icon: incentive.icon ?? "", color: incentive.color ?? "", title: incentive.title, description: incentive.description, startDate: incentive.startDate, endDate: incentive.endDate };
    case "reward-type": {
      const limit = incentive.participationLimit;
      return {
        rewardType: incentive.rewardType ?? "",
        rewardPointType: incentive.rewardPointType ?? "",
        pointsAmount: incentive.pointsAmount === null ? "" : String(incentive.pointsAmount),
        quantity: incentive.quantity === null ? "" : String(incentive.quantity),
        rewardDescription: incentive.rewardDescription,
        participation: limit === null ? "" : limit === -1 ? "UNLIMITED" : "LIMIT",
        participationLimit: limit !== null && limit > 0 ? String(limit) : "",
      };
    }
    case "submission-guidelines":
      return {
        submissionInstructions: incentive.submissionInstructions,
        ...Object.fromEntries(
          submissionTypeIds.flatMap((type) => {
            const option = incentive.submissionOptions.find((each) => each.type === type);
            return [
              [type, option?.enabled ? "on" : ""],
              [`${type}_TEXT`, option?.text ?? ""],
            ];
          }),
        ),
      };
    default:
      return {};
  }
}
