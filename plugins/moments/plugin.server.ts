import { z } from "zod";
import { extend } from "~/modules/plugins/extension-point";
import { definePluginServer } from "~/modules/plugins/manifest";
import { feedItemPublished, preferenceReaders, storyChapters, helpQuestions } from "~/modules/shell/extension-points";
import { recordPublishedMentions } from "./published-mentions.server";
import { hashtagsChapter } from "./story-chapter.server";
import { feedCardData } from "./feed-card.server";
import { seedDemoMoments } from "./demo.server";
import * as initial from "./migrations/2026-11-27-moments-initial";
import * as leaderboardScores from "./migrations/2026-11-28-moments-leaderboard";
import * as postMedia from "./migrations/2026-11-30-moments-post-media";
import * as feedVersion from "./migrations/2026-12-01-moments-feed-version";
import * as postLink from "./migrations/2026-12-02-moments-post-link";
import * as postGif from "./migrations/2026-12-03-moments-post-gif";
import * as videoFeedVersion from "./migrations/2026-12-04-moments-video-feed-version";
import * as bannedHashtagFeedVersion from "./migrations/2026-12-05-moments-banned-hashtag-feed-version";
import * as oneReportEach from "./migrations/2026-12-06-moments-one-report-each";
import * as moderation from "./migrations/2026-12-20-moments-moderation";
import * as adminPosts from "./migrations/2026-12-21-moments-admin-posts";
import * as adminPostMentions from "./migrations/2026-12-22-moments-admin-post-mentions";
import * as feedVersionHeard from "./migrations/2026-12-23-moments-feed-version-heard";
import * as activityVersion from "./migrations/2026-12-28-moments-activity-version";
import * as reportsActivity from "./migrations/2026-12-29-moments-reports-activity";
import * as welcomeVersion from "./migrations/2027-01-03-moments-welcome-version";
import * as feedWithoutJobTitles from "./migrations/2027-01-04-moments-feed-without-job-titles";
import * as ownRowsMoveThePerson from "./migrations/2027-01-06-moments-own-rows-move-the-person";
import { ADMIN_TEXT_MAX_LENGTH, ADMIN_TITLE_MAX_LENGTH } from "./admin-posts";
import { publishAdminPostJob } from "./admin-posts.server";
import { momentsOptions } from "./options";
import { socialFlaggedReport } from "./report.server";
import { welcomeCardData } from "./welcome.server";
import { leaderboardCardData } from "./leaderboard-card.server";

/** A mention on its person's wall: the post, who wrote it, a line of it. */
const mentionOnWall = z.object({ postId: z.number().int().positive(), from: z.string().max(200), excerpt: z.string().max(200) }).strict();

/** What people ask about this plugin, answered on the help page. */
const helpAnswers = {
  questions: [
    { question: "How do I recognise someone on the feed?", answer: "Write a post in Moments at the top of the feed and mention them with @ and their name; add points to a mention where you have points to give. Hashtags (#teamwork) group posts on the same theme." },
    { question: "Can I hide a post I reported?", answer: "Yes: a post you report is hidden for you at once, and the program's moderators look at it." },
  ],
};

export const momentsServer = definePluginServer({
  id: "moments",
  options: momentsOptions,
  migrations: {
    "2026-11-27-moments-initial": initial,
    "2026-11-28-moments-leaderboard": leaderboardScores,
    "2026-11-30-moments-post-media": postMedia,
    "2026-12-01-moments-feed-version": feedVersion,
    "2026-12-02-moments-post-link": postLink,
    "2026-12-03-moments-post-gif": postGif,
    "2026-12-04-moments-video-feed-version": videoFeedVersion,
    "2026-12-05-moments-banned-hashtag-feed-version": bannedHashtagFeedVersion,
    "2026-12-06-moments-one-report-each": oneReportEach,
    "2026-12-20-moments-moderation": moderation,
    "2026-12-21-moments-admin-posts": adminPosts,
    "2026-12-22-moments-admin-post-mentions": adminPostMentions,
    "2026-12-23-moments-feed-version-heard": feedVersionHeard,
    "2026-12-28-moments-activity-version": activityVersion,
    "2026-12-29-moments-reports-activity": reportsActivity,
    "2027-01-03-moments-welcome-version": welcomeVersion,
    "2027-01-04-moments-feed-without-job-titles": feedWithoutJobTitles,
    "2027-01-06-moments-own-rows-move-the-person": ownRowsMoveThePerson,
  },
  jobs: [publishAdminPostJob],
  reports: [socialFlaggedReport],
  cardData: { "moments/welcome": (args) => welcomeCardData(args), "moments/feed": feedCardData, "moments/leaderboard": leaderboardCardData },
  seedDemo: seedDemoMoments,
  extensions: [extend(helpQuestions, helpAnswers), extend(feedItemPublished, recordPublishedMentions), extend(preferenceReaders, { preferences: ["hideFromMomentsFeed"] }), extend(storyChapters, hashtagsChapter)],
  // A user's post keeps its text and media in its own tables; the feed item only points at it.
  // An admin post's card is drawn from its item's data (the admin_post row keeps its audience and pin).
  itemData: {
    feed: {
      userGenerated: z.object({}).strict(),
      adminGenerated: z.object({ title: z.string().max(ADMIN_TITLE_MAX_LENGTH), showTitle: z.boolean(), text: z.string().max(ADMIN_TEXT_MAX_LENGTH) }).strict(),
    },
    wall: { SOCIAL_MENTION: mentionOnWall, POINTS_MENTION: mentionOnWall.extend({ points: z.number().int().positive() }) },
  },
  settings: {
    fields: {
      moderationEnabled: { label: "Reported posts go to moderators" },
      adminPostsEnabled: { label: "Admin posts", help: "Writers of admin posts may post to All Staff, a segment or groups, now or later, pinned or not; the feed shows them." },
      ...Object.fromEntries(
        (["Posts", "Comments", "Reactions", "Reports"] as const).flatMap((what) => [
          [`limits.${what.toLowerCase()}.perMinute`, { label: `${what} per person per minute` }],
          [`limits.${what.toLowerCase()}.perHour`, { label: `${what} per person per hour` }],
        ]),
      ),
      "limits.mentions.perMinute": { label: "People one person names one by one, per minute", help: "A group or shortcut counts as none: it reaches its members through one notification job." },
      "limits.mentions.perHour": { label: "People one person names one by one, per hour" },
      "limits.allStaffPostsPerHour": { label: "Posts to All Staff per hour, for the whole program" },
      reportsToHold: { label: "Reports that hold a post for moderation", help: "A post or comment is hidden from each person who reports it; reported by this many people, it is hidden from everyone until a moderator decides." },
      "reactions.like.enabled": { label: "Reaction: Like" },
      "reactions.love.enabled": { label: "Reaction: Love" },
      "reactions.celebrate.enabled": { label: "Reaction: Celebrate" },
      "reactions.wow.enabled": { label: "Reaction: Wow" },
      "reactions.brilliant.enabled": { label: "Reaction: Brilliant" },
      "postTypes.userGenerated.postsEnabled": { label: "Employees can post", help: "Posts by employees (the spec's userGenerated posts)." },
      "postTypes.userGenerated.likesEnabled": { label: "Reactions on employees' posts" },
      "postTypes.userGenerated.commentsEnabled": { label: "Comments on employees' posts" },
      "postTypes.userGenerated.ampsEnabled": { label: "Amplify on employees' posts" },
      "postTypes.userGenerated.pointsMentionsEnabled": { label: "Points mentions in employees' posts" },
      "postTypes.adminGenerated.postsEnabled": { label: "Admin posts can be written", help: "Off: those already published stay in the feed; no new one can be written." },
      "postTypes.adminGenerated.likesEnabled": { label: "Reactions on admin posts" },
      "postTypes.adminGenerated.commentsEnabled": { label: "Comments on admin posts" },
    },
  },
});
