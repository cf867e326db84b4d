import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import { definePlugin } from "~/modules/plugins/manifest";
import { lazySlot } from "~/modules/plugins/lazy-slot";

const mentionWallItem = lazySlot(() => import("./components/mention-wall-item").then((m) => m.MentionWallItem));

/** Who the feed's administration (the spec's socialAdminEnabled) is for: moderators, writers of admin posts, and program managers for the banned hashtags. */
const isSocialAdmin = (viewer: Viewer) =>
  viewer.employee.permissions.isSocialModerator === true || viewer.employee.permissions.canCreateAdminSocialPosts === true || isProgramManager(viewer);

/** Moments: the social feed of recognition posts that is the product's home page. */
export const momentsPlugin = definePlugin({
  id: "moments",
  title: "Moments",
  description: "The social feed: posts with mentions, points mentions and hashtags; reactions, comments, amplify, reports and their moderation; admin posts, scheduled and pinned.",
  permissions: {
    canViewFeed: { label: "See the Moments feed", default: true },
    canPostFeed: { label: "Post to the Moments feed", default: true },
    canRespondFeed: { label: "React to and comment on posts", default: true },
    isSocialModerator: { label: "Moderate the Moments feed", default: false, grantedInDemoTo: ["admin"] },
    canCreateAdminSocialPosts: { label: "Write admin posts", default: false, grantedInDemoTo: ["admin"] },
  },
  transferKinds: { POINTS_MENTION: "Points mention", AMPLIFY: "Amplified recognition" },
  feedItemKinds: {
    userGenerated: { label: "Moments post", Component: lazySlot(() => import("./components/post-text").then((m) => m.PostText)) },
    adminGenerated: { label: "Announcement", Component: lazySlot(() => import("./components/admin-post-text").then((m) => m.AdminPostText)) },
  },
  wallItemKinds: {
    SOCIAL_MENTION: { label: "Moments Mentions", Component: mentionWallItem },
    POINTS_MENTION: { label: "Points Mentions", Component: mentionWallItem },
  },
  menuEntries: [
    // First in the menu, so the mobile footer's Recognize starts a recognition.
    { menu: "recognize", label: "Recognize Someone", to: "/compose", permission: "canPostFeed", when: (viewer) => viewer.employee.permissions.canViewFeed === true, order: 10 },
    { menu: "recognize", label: "Trending Hashtags", to: "/hashtag", permission: "canViewFeed", order: 30 },
    { menu: "admin", label: "Moments Admin", to: "/admin", when: isSocialAdmin, order: 40 },
  ],
  sidebarCards: [
    { id: "moments/welcome", slot: "main", order: 10, permission: "canViewFeed", Component: lazySlot(() => import("./components/welcome-card").then((m) => m.WelcomeCard)) },
    { id: "moments/feed", slot: "main", order: 20, permission: "canViewFeed", Component: lazySlot(() => import("./components/feed-card").then((m) => m.FeedCard)) },
    { id: "moments/leaderboard", slot: "right", order: 40, permission: "canViewFeed", Component: lazySlot(() => import("./components/leaderboard-card").then((m) => m.LeaderboardCard)) },
  ],
  notificationGroups: [
    {
      id: "general",
      title: "General",
      types: [
        { id: "MOMENTS_MENTION", label: "Someone mentions me in a post" },
        { id: "MOMENTS_COMMENT", label: "Someone comments on my post" },
        { id: "MOMENTS_LIKE", label: "Someone reacts to my post" },
        { id: "MOMENTS_AMPLIFY", label: "Someone amplifies my recognition" },
        { id: "MOMENTS_MENTION_LIKE", label: "Someone reacts to a post I'm mentioned in" },
        { id: "MOMENTS_MENTION_COMMENT", label: "Someone comments on a post I'm mentioned in" },
        { id: "MOMENTS_MODERATION", label: "A moderator decides on my post, my comment or something I reported" },
      ],
    },
    {
      id: "admin",
      title: "Admin",
      when: isSocialAdmin,
      types: [
        { id: "MOMENTS_POST_FLAG", label: "A post is reported" },
        { id: "MOMENTS_COMMENT_FLAG", label: "A comment is reported" },
      ],
    },
    {
      id: "manager",
      title: "Manager",
      when: ({ employee }) => employee.isSupervisor,
      types: [
        { id: "MOMENTS_DOWNLINE_POST", label: "Someone who reports to me posts" },
        { id: "MOMENTS_DOWNLINE_MENTION", label: "Someone who reports to me is mentioned" },
      ],
    },
  ],
});

declare module "~/modules/plugins/manifest" {
  interface InstalledPlugins {
    moments: typeof momentsPlugin;
  }
}
