import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { hashtagKey } from "./hashtags";
import { countActivity, type Activity } from "./leaderboard.server";
import { seedScalePosts } from "./scale-seed.server";
import { USER_POST_KIND } from "./posts.server";
import { publishMentionsToWalls } from "./wall-mentions.server";

const WELCOME_REPLIES = ["Glad to be here!", "Thanks, Alex!", "Looking forward to it.", "Great idea.", "Hello everyone!", "Count me in.", "Happy to join."];

/**
 * A few posts between the demo people, with mentions, hashtags and reactions,
 * counted on the leaderboard; more comments on the welcome post than the feed
 * shows (so it offers 'See more comments'); and one banned hashtag.
 */
export async function seedDemoMoments(args: DemoSeedArgs) {
  const { db, tenant, people } = args;
  // At scale, a year of posts comes first, so the demo posts below stay the newest.
  if (args.posts > 0) await seedScalePosts(args);
  const admin = people.get("admin")!;
  const manager = people.get("manager")!;
  const employee = people.get("employee")!;
  await db.insertInto("banned_hashtag", { tag: hashtagKey("badword"), name: "badword" }).execute();
  const posts = [
    { author: admin, text: "Welcome to Moments! Recognise a colleague today. #welcome", mentions: [], tags: ["welcome"] },
    { author: manager, text: "Thank you for staying late to ship the release. #teamwork #shipit", mentions: [employee], tags: ["teamwork", "shipit"] },
    { author: employee, text: "Great coaching session this week, thanks! #growth", mentions: [manager], tags: ["growth"] },
  ];
  const names = new Map((await db.selectFrom("employee").select(["id", "display_name"]).where("id", "in", [admin, manager, employee]).execute()).map((row) => [row.id, row.display_name]));
  const now = new Date();
  const activities: Activity[] = [];
  for (const [index, post] of posts.entries()) {
    const item = await db
      .insertInto("feed_item", { kind: USER_POST_KIND, foreign_id: `demo-post-${index}`, author_id: post.author, data: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("post", { id: item.id, text: post.text }).execute();
    for (const id of post.mentions) await db.insertInto("post_mention", { post_id: item.id, employee_id: id, points: null }).execute();
    await publishMentionsToWalls(args.registry, db, { id: item.id, from: names.get(post.author)!, text: post.text }, post.mentions.map((employeeId) => ({ employeeId, points: null })));
    for (const tag of post.tags) await db.insertInto("post_hashtag", { post_id: item.id, tag: hashtagKey(tag), name: tag }).execute();
    const reactor = post.author === admin ? manager : admin;
    await db.insertInto("post_reaction", { post_id: item.id, employee_id: reactor, reaction_type: 1 + (index % 5) }).execute();
    activities.push({ employeeId: post.author, at: now, delta: 1 }, { employeeId: reactor, at: now, delta: 1 });
    if (index === 0) {
      const named = new Set(people.values());
      const repliers = args.everyone.filter((id) => !named.has(id)).slice(0, WELCOME_REPLIES.length);
      for (const [i, replier] of repliers.entries()) {
        await db.insertInto("post_comment", { post_id: item.id, employee_id: replier, text: WELCOME_REPLIES[i]!, created_at: new Date(now.getTime() - (repliers.length - i) * 60_000) }).execute();
        activities.push({ employeeId: replier, at: now, delta: 1 });
      }
    }
  }
  await countActivity(db, tenant.config.program.timeZone, activities);
}
