import { z } from "zod";
import { extend } from "~/modules/plugins/extension-point";
import { definePluginServer } from "~/modules/plugins/manifest";
import { helpQuestions } from "~/modules/shell/extension-points";
import { ecardsConfigData } from "./config-data.server";
import { seedDemoEcards } from "./demo.server";
import * as initial from "./migrations/2026-12-14-ecards-initial";
import * as ecardsVersion from "./migrations/2026-12-31-ecards-version";
import * as withoutJobTitles from "./migrations/2027-01-06-ecards-without-job-titles";
import { ecardsOptions } from "./options";
import { ecardsReport } from "./report.server";
import { dailyEcardSend, sendDueEcardsJob } from "./send.server";

const shown = {
  ecardId: z.number().int(),
  image: z.string().startsWith("/").max(500),
  alt: z.string().max(200),
  video: z.object({ src: z.string().startsWith("/").max(500), contentType: z.string().max(100) }).optional(),
  senderName: z.string().max(200),
};
const withMessage = z.object({ ...shown, message: z.string().max(2_000) }).strict();

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  permission: "usesEcards",
  questions: [
    { question: "How do I send an eCard?", answer: "Open Recognize, then Send an eCard: choose a design, the people it is for, write your message and send it now or on a later day. Where you have points to give, you may add some." },
    { question: "Where are the eCards I received?", answer: "In My eCards, in your profile menu: each card you received, and the replies you sent." },
  ],
};

export const ecardsServer = definePluginServer({
  id: "ecards",
  options: ecardsOptions,
  migrations: { "2026-12-14-ecards-initial": initial, "2026-12-31-ecards-version": ecardsVersion, "2027-01-06-ecards-without-job-titles": withoutJobTitles },
  configData: ecardsConfigData,
  jobs: [sendDueEcardsJob],
  schedules: [dailyEcardSend],
  reports: [ecardsReport],
  itemData: { feed: { ecard: withMessage }, wall: { ECARD: z.object(shown).strict(), MANAGER_ECARD: withMessage } },
  extensions: [extend(helpQuestions, helpAnswers)],
  seedDemo: seedDemoEcards,
  settings: {
    fields: {
      pointsEnabled: { label: "Points on eCards", help: "Senders who have points to give may add points for each recipient." },
      managerCopyEnabled: { label: "A copy to the recipients' managers" },
      publicEcardsEnabled: { label: "Public eCards", help: "Senders may share an eCard on the feed (recipients who prefer private recognition are left out)." },
      customPicturesEnabled: { label: "Senders' own pictures", help: "Senders may upload a picture of their own as the card." },
      videosEnabled: { label: "Video eCards", help: "Senders may send a video (MP4, WebM or MOV, up to 100 MB) as the card." },
      libraryEnabled: { label: "The eCard design library" },
    },
  },
});
