import { z } from "zod";
import { definePluginServer } from "~/modules/plugins/manifest";
import { extend } from "~/modules/plugins/extension-point";
import { pendingApprovals, helpQuestions } from "~/modules/shell/extension-points";
import { seedDemoNominations } from "./demo.server";
import * as initial from "./migrations/2026-12-18-nominations-initial";
import * as approvalsMoveTheViewer from "./migrations/2027-01-01-nominations-approvals-move-the-viewer";
import { reassignNominationSteps } from "./nominate.server";
import { nominationsOptions } from "./options";
import { waitingNominations } from "./read.server";
import { nominationRemindersSchedule, remindNominations } from "./reminders.server";
import { nominationsReport } from "./report.server";
import { canApproveNominations } from "./rules";

const shown = z
  .object({
    nominationId: z.number().int(),
    nominatorName: z.string().max(200),
    nomineeName: z.string().max(200),
    coreValue: z.string().max(60),
    awardLevel: z.string().max(60),
    message: z.string().max(2_000),
  })
  .strict();

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  permission: "isNominator",
  questions: [
    { question: "How do I nominate a colleague?", answer: "Open Recognize, then Nominate: choose who, the value they showed and the award, and say why. Approvers decide in turn; you hear of each step." },
  ],
};

export const nominationsServer = definePluginServer({
  id: "nominations",
  options: nominationsOptions,
  migrations: { "2026-12-18-nominations-initial": initial, "2027-01-01-nominations-approvals-move-the-viewer": approvalsMoveTheViewer },
  reports: [nominationsReport],
  jobs: [remindNominations],
  schedules: [nominationRemindersSchedule],
  itemData: { feed: { receivedNomination: shown }, wall: { NOMINATION: shown } },
  seedDemo: seedDemoNominations,
  extensions: [extend(helpQuestions, helpAnswers), 
    extend(pendingApprovals, {
      label: "Nominations",
      to: "/approvals/nominations",
      when: canApproveNominations,
      count: ({ db, viewer }) => waitingNominations(db, viewer),
      reassign: ({ app, tenant, db, fromId, toId }) => reassignNominationSteps(app, tenant, db, { fromId, toId }),
    }),
  ],
  settings: {
    fields: {
      pointsFromNominator: { label: "Points from the nominator", help: "An approved nomination pays its points from the nominator's points to give instead of the program's bucket." },
      publishToFeed: { label: "Approved nominations on the feed", help: "Shown on the Moments feed, for nominees who accept public recognition." },
    },
  },
});
