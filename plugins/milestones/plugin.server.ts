import { z } from "zod";
import { extend } from "~/modules/plugins/extension-point";
import { definePluginServer } from "~/modules/plugins/manifest";
import { preferenceReaders, helpQuestions } from "~/modules/shell/extension-points";
import { keptUnreadCelebrations } from "./celebrations.server";
import { celebrateMilestones, dailyMilestones } from "./daily.server";
import { seedDemoMilestones } from "./demo.server";
import { milestonesAccess } from "./guards.server";
import { upcomingView } from "./list.server";
import * as initial from "./migrations/2026-12-19-milestones-initial";
import * as versionHeard from "./migrations/2026-12-23-milestones-version-heard";
import * as dateLookups from "./migrations/2026-12-27-milestones-date-lookups";
import * as celebrationsVersion from "./migrations/2027-01-03-milestones-celebrations-version";
import * as withoutJobTitles from "./migrations/2027-01-04-milestones-without-job-titles";
import { milestonesOptions } from "./options";
import { milestonesReport } from "./report.server";
import { MILESTONE_CARD_SIZE } from "./rules";

const shown = z
  .object({
    foreignId: z.string().max(120),
    event: z.enum(["BIRTHDAY", "ANNIVERSARY", "MILESTONE"]),
    label: z.string().max(120),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    personId: z.number().int(),
    personName: z.string().max(200),
    firstName: z.string().max(200),
  })
  .strict();

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  questions: [
    { question: "Why does the feed show my birthday?", answer: "The program celebrates birthdays and work anniversaries. In Privacy, in your profile menu, you choose whether yours is celebrated on the feed, only listed, or kept private." },
  ],
};

export const milestonesServer = definePluginServer({
  id: "milestones",
  options: milestonesOptions,
  migrations: {
    "2026-12-19-milestones-initial": initial,
    "2026-12-23-milestones-version-heard": versionHeard,
    "2026-12-27-milestones-date-lookups": dateLookups,
    "2027-01-03-milestones-celebrations-version": celebrationsVersion,
    "2027-01-04-milestones-without-job-titles": withoutJobTitles,
  },
  reports: [milestonesReport],
  extensions: [extend(helpQuestions, helpAnswers), extend(preferenceReaders, { preferences: ["birthdayRecognitionType", "anniversaryRecognitionType"] })],
  jobs: [celebrateMilestones],
  schedules: [dailyMilestones],
  itemData: { feed: { birthday: shown, anniversary: shown, milestone: shown }, wall: { MILESTONE: shown } },
  seedDemo: seedDemoMilestones,
  cardData: {
    "milestones/banner": async (access) => ({ celebrations: await keptUnreadCelebrations(access) }),
    "milestones/upcoming": (args) => upcomingView(milestonesAccess(args), args.registry, { page: 1, size: MILESTONE_CARD_SIZE, segment: null, brief: true }),
  },
  settings: {
    fields: {
      publishToFeed: { label: "Milestones on the feed", help: "Birthdays, work anniversaries and the program's milestones are posted on their day, for people who allow it." },
      noticeDays: { label: "Days ahead a team hears of a milestone", help: "The celebrant's manager, the people who share that manager, and their reports are told this many days before (0: on the day)." },
      celebrations: { label: "Personal celebrations", help: "Birthdays and anniversaries bring the celebrant a banner on the feed, with the program's letter." },
    },
  },
});
