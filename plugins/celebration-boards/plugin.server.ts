import { z } from "zod";
import { extend } from "~/modules/plugins/extension-point";
import { definePluginServer } from "~/modules/plugins/manifest";
import { helpQuestions } from "~/modules/shell/extension-points";
import { seedDemoBoards } from "./demo.server";
import * as initial from "./migrations/2027-01-07-celebration-boards-initial";
import { boardsOptions } from "./options";
import { boardRemindersJob, dailyBoardReminders } from "./reminders.server";
import { boardsReport } from "./report.server";
import { PLUGIN_ID } from "./rules";

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  questions: [
    { question: "What is a celebration board?", answer: "A page of messages for a colleague: a birthday, a farewell, a welcome. Whoever makes it invites the people who should write on it, then delivers it; the colleague is told, and sees it only then." },
    { question: "Where are the boards I'm invited to?", answer: "In Recognize, then Celebration Boards, under To write on: each board still open, and whether you wrote on it." },
  ],
};

export const celebrationBoardsServer = definePluginServer({
  id: PLUGIN_ID,
  options: boardsOptions,
  migrations: { "2027-01-07-celebration-boards-initial": initial },
  jobs: [boardRemindersJob],
  schedules: [dailyBoardReminders],
  reports: [boardsReport],
  itemData: {
    feed: {
      celebrationBoard: z
        .object({ boardId: z.number().int(), title: z.string().max(200), category: z.string().max(40), recipientName: z.string().max(200), creatorName: z.string().max(200), contributions: z.number().int().min(0) })
        .strict(),
    },
  },
  extensions: [extend(helpQuestions, helpAnswers)],
  seedDemo: seedDemoBoards,
  settings: {
    fields: {
      customImagesEnabled: { label: "Pictures on messages", help: "People who write on a board may add a picture of their own to their message." },
      shareOnFeedEnabled: { label: "Boards shared on the feed", help: "A creator may share a delivered board on the Moments feed (recipients who prefer private recognition are left out)." },
      maxDaysOpen: { label: "Most days a board stays open" },
    },
  },
});
