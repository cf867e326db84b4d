import type { CheckedPages } from "../../../tests/e2e/checked-pages";

/** Where axe checks each page of this plugin (the core's accessibility spec merges the list). */
export const checkedPages: CheckedPages = {
  "plugins/moments/compose": "plugins/moments/tests/moments.spec.ts (a step of the composer, without JavaScript)",
  "plugins/moments/compose_.picture": "plugins/moments/tests/moments.spec.ts (the picture step refusing a file, without JavaScript)",
  "plugins/moments/compose_.video": "plugins/moments/tests/moments.spec.ts (the video step refusing a file, without JavaScript)",
  "plugins/moments/post.$id": "plugins/moments/tests/moments.spec.ts",
  "plugins/moments/post.not-found": "plugins/moments/tests/moments.spec.ts",
  "plugins/moments/hashtag._index": "plugins/moments/tests/moments.spec.ts",
  "plugins/moments/hashtag.$id": "plugins/moments/tests/moments.spec.ts",
  "plugins/moments/post-story.$id": "plugins/moments/tests/moments.spec.ts",
  "plugins/moments/leaderboard": "plugins/moments/tests/moments.spec.ts (the leaderboard toggle, without JavaScript)",
  "plugins/moments/post_.$id.report": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin._index": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin.reported._index": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin.reported.$kind.$id": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin.reported.view.$postId": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin.hashtags": "plugins/moments/tests/moderation.spec.ts",
  "plugins/moments/admin.new": "plugins/moments/tests/admin-posts.spec.ts (a field refused)",
  "plugins/moments/admin.posted._index": "plugins/moments/tests/admin-posts.spec.ts",
  "plugins/moments/admin.posted.$postId": "plugins/moments/tests/admin-posts.spec.ts (a scheduled post)",
};
