/** The spec's limits, messages and names for the Moments feed, shared by the server and the pages. */
import { recognitionMessages } from "~/modules/recognition/selection";

export const FEED_PAGE_SIZE = 5;
export const POST_MAX_LENGTH = 400;
export const COMMENT_MAX_LENGTH = 250;
export const COMMENTS_SHOWN = 5;
export const HASHTAG_LIMIT = 20;
export const HASHTAG_MAX_LENGTH = 45;
export const TRENDING_LIMIT = 10;
/** People one post may name one by one (each is notified on their own); a group or shortcut reaches more through one fan-out. */
export const MENTIONS_ONE_BY_ONE = 25;
/** How often a post whose video is processing asks whether it is done. */
export const VIDEO_STATUS_POLL_MS = 5_000;

/** The feed's own messages, and those of recognition with points anywhere. */
export const messages = {
  ...recognitionMessages,
  hashtagPattern: "Hashtags must use alphanumeric characters.",
  hashtagBanned: "This hashtag is not allowed.",
  postUnderReview: "This Highlight is under review by an Administrator",
  commentUnderReview: "This comment is under review by an Administrator",
  tooManyMentions: `A post can mention up to ${MENTIONS_ONE_BY_ONE} people one by one. To reach more, mention a group.`,
  privacyMentions: "Due to privacy settings, these people cannot be added to your Moments Highlight",
  privacyPoints: "Due to privacy settings, these people cannot be added to your Moments Highlight or receive points from your Moments Highlight",
  notPointsEligible: "These recipients are not points eligible but will be visible in your Moments Highlight as a mention:",
  loadingPosts: "Loading posts...",
  seeMoreComments: "See more comments",
  videoUploading: "Upload in progress. We are uploading your video. Please do not leave this page.",
  videoProcessingTitle: "Video Upload Complete",
  videoProcessing: "There are still a few things on our end before your video plays. This post shows it once it is ready.",
  videoProcessingError: "Video Processing Error. An error occurred while processing your video. Please remove the video and try again.",
} as const;

/** The spec's reaction types, by id. */
export const reactionTypes = [
  { id: 1, key: "like", label: "Like", emoji: "👍" },
  { id: 2, key: "love", label: "Love", emoji: "❤️" },
  { id: 3, key: "celebrate", label: "Celebrate", emoji: "🎉" },
  { id: 4, key: "wow", label: "Wow", emoji: "😮" },
  { id: 5, key: "brilliant", label: "Brilliant", emoji: "💡" },
] as const;
export type ReactionKey = (typeof reactionTypes)[number]["key"];

export function reactionType(id: number) {
  return reactionTypes.find((type) => type.id === id) ?? null;
}
