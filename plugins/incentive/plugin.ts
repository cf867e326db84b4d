import { lazySlot } from "~/modules/plugins/lazy-slot";
import { definePlugin } from "~/modules/plugins/manifest";

const incentiveItem = lazySlot(() => import("./components/incentive-item").then((m) => m.IncentiveItem));

/** Incentives: goals set for chosen people (or everyone), with what a submission must show and its reward, reviewed by approvers who pay its points. */
export const incentivesPlugin = definePlugin({
  id: "incentive",
  title: "Incentives",
  description: "Set goals with a reward (points, set or per unit, or something else) for chosen people or everyone; they send proof, approvers review it, and approved submissions are paid.",
  permissions: {
    canCreateIncentives: { label: "Creates and manages incentives", default: false, grantedInDemoTo: ["admin", "manager"] },
    isIncentiveApprover: { label: "Reviews incentive submissions (of the incentives that name them)", default: false, grantedInDemoTo: ["admin", "manager"] },
  },
  lookupFilters: { incentiveApprovers: { permission: "isIncentiveApprover" } },
  transferKinds: { INCENTIVE_AWARD: "Incentive reward" },
  // The header's Incentives: one link, to the page the viewer's role opens on (the area's tabs lead on).
  menuEntries: [{ menu: "incentives", label: "Incentives", to: "/incentives", order: 10 }],
  feedItemKinds: { incentiveSubmission: { label: "Incentive", Component: incentiveItem } },
  wallItemKinds: { INCENTIVE: { label: "Incentives", Component: incentiveItem } },
  notificationGroups: [
    {
      id: "incentive",
      title: "Incentive",
      types: [
        { id: "INCENTIVE_SUBMISSION_DENIED", label: "Submission denied" },
        { id: "INCENTIVE_SUBMISSION_APPROVED", label: "Submission approved" },
        { id: "INCENTIVE_STARTED", label: "Incentive started" },
        { id: "INCENTIVE_ENDING_SOON", label: "Incentive ending soon" },
        { id: "INCENTIVE_ENDED", label: "Incentive ended" },
        { id: "INCENTIVE_PARTICIPANT_ADDED", label: "Participant added" },
        { id: "INCENTIVE_APPROVER_ADDED", label: "Approver added", permission: "isIncentiveApprover" },
      ],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    incentive: typeof incentivesPlugin;
  }
}
