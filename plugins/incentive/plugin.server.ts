import { z } from "zod";
import { extend } from "~/modules/plugins/extension-point";
import { definePluginServer } from "~/modules/plugins/manifest";
import { helpQuestions, pendingApprovals } from "~/modules/shell/extension-points";
import { seedDemoIncentives } from "./demo.server";
import * as initial from "./migrations/2027-01-14-incentives-initial";
import { dailyIncentiveNews, incentiveNewsJob } from "./news.server";
import { incentivesOptions } from "./options";
import { submissionsReport } from "./report.server";
import { colorIds, iconIds, isIncentiveApprover, PLUGIN_ID } from "./rules";
import { waitingSubmissions } from "./submissions.server";

/** What an approved submission's feed and wall items show. */
const shown = z
  .object({
    incentiveId: z.number().int(),
    incentiveTitle: z.string().max(200),
    participantName: z.string().max(200),
    reviewerName: z.string().max(200),
    icon: z.enum(iconIds).nullable(),
    color: z.enum(colorIds).nullable(),
  })
  .strict();

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  questions: [
    { question: "How do I take part in an incentive?", answer: "Open Recognize, then Incentives: each incentive you take part in says what to send and what it rewards. Send a submission while it is open; an approver reviews it, and an approved one pays its reward." },
    { question: "Why can't I send another submission?", answer: "An incentive may limit how many submissions each person sends (a denied one does not count), and it takes none while it is paused, before its first day or after its last." },
  ],
};

export const incentivesServer = definePluginServer({
  id: PLUGIN_ID,
  options: incentivesOptions,
  migrations: { "2027-01-14-incentives-initial": initial },
  jobs: [incentiveNewsJob],
  reports: [submissionsReport],
  itemData: { feed: { incentiveSubmission: shown }, wall: { INCENTIVE: shown } },
  schedules: [dailyIncentiveNews],
  seedDemo: seedDemoIncentives,
  extensions: [
    extend(helpQuestions, helpAnswers),
    extend(pendingApprovals, { label: "Incentive submissions", to: "/incentives/submissions", when: isIncentiveApprover, count: ({ db, viewer }) => waitingSubmissions(db, viewer) }),
  ],
  settings: {
    fields: {
      dashboardEnabled: { label: "Dashboard", help: "Those who make incentives see their metrics." },
      manageIncentivesEnabled: { label: "Making incentives", help: "Those who may make incentives create, edit, pause and end them." },
      submissionsEnabled: { label: "Reviewing submissions", help: "Approvers and program managers review submissions." },
      myIncentivesEnabled: { label: "My Incentives", help: "Participants see their incentives and send submissions." },
      publishToFeed: { label: "Approved submissions on the feed", help: "An approved submission is shown on the Moments feed (for participants who accept public recognition) as on their wall." },
    },
  },
});
