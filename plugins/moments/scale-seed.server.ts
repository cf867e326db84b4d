import { chunks } from "~/modules/db/chunks";
import { remembered } from "~/utils/remembered";
import type { DemoSeedArgs } from "~/modules/plugins/manifest";
import { hashtagKey } from "./hashtags";
import { countActivity, type Activity } from "./leaderboard.server";
import { USER_POST_KIND } from "./posts.server";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const TAGS = ["teamwork", "shipit", "growth", "customerlove", "innovation", "thankyou", "leadership", "onboarding", "quality", "kudos"];
const THANKS = ["Thank you for", "Huge thanks for", "Shout-out for", "Grateful for", "Bravo on"];
const DEEDS = ["the release", "helping the new hires", "a great demo", "staying late", "the customer call", "fixing the build", "the quarterly report", "mentoring"];

/**
 * A year of feed activity between the program's people, for measuring the
 * feed at a real customer's size: `posts` posts, oldest first, a third of
 * them with a mention and a quarter with a hashtag; up to three reactions on
 * most and two comments on every fifth; the leaderboard's scores to match.
 * Plain mentions only: points mentions would be ledger history, which the
 * core seeds on its own.
 */
export async function seedScalePosts({ db, tenant, everyone, posts, random }: DemoSeedArgs) {
  const now = Date.now();
  const person = () => everyone[Math.floor(random() * everyone.length)]!;
  const activities: Activity[] = [];
  let serial = 0;
  for (const slice of chunks(Array.from({ length: posts }, (_, i) => i))) {
    const planned = slice.map((i) => ({ i, author: person(), at: new Date(now - YEAR_MS + Math.floor((i / posts) * YEAR_MS)) }));
    const items = await db
      .insertInto(
        "feed_item",
        planned.map((post) => ({ kind: USER_POST_KIND, foreign_id: `scale-post-${post.i}`, author_id: post.author, data: "{}", created_at: post.at })),
      )
      .returning(["id", "foreign_id"])
      .execute();
    const idOf = new Map(items.map((item) => [item.foreign_id, item.id]));
    const rows = planned.map((post) => ({ ...post, id: idOf.get(`scale-post-${post.i}`)! }));
    const mentioned = rows.filter((post) => post.i % 3 === 0).map((post) => ({ ...post, mention: person() }));
    const tagged = rows.filter((post) => post.i % 4 === 0).map((post) => ({ ...post, tag: TAGS[post.i % TAGS.length]! }));

    await db
      .insertInto(
        "post",
        rows.map((post) => ({ id: post.id, text: `${THANKS[post.i % THANKS.length]} ${DEEDS[post.i % DEEDS.length]}! ${post.i % 4 === 0 ? `#${TAGS[post.i % TAGS.length]}` : ""}`.trim() })),
      )
      .execute();
    if (mentioned.length > 0) {
      await db.insertInto("post_mention", mentioned.filter((post) => post.mention !== post.author).map((post) => ({ post_id: post.id, employee_id: post.mention, points: null, created_at: post.at }))).execute();
    }
    if (tagged.length > 0) await db.insertInto("post_hashtag", tagged.map((post) => ({ post_id: post.id, tag: hashtagKey(post.tag), name: post.tag, created_at: post.at }))).execute();

    const reactions = rows.flatMap((post) => {
      const reactors = new Set(Array.from({ length: post.i % 4 }, person));
      return [...reactors].map((employee, j) => ({ post_id: post.id, employee_id: employee, reaction_type: 1 + ((post.i + j) % 5), created_at: post.at }));
    });
    const comments = rows
      .filter((post) => post.i % 5 === 0)
      .flatMap((post) => [...new Set([person(), person()])].map((employee) => ({ post_id: post.id, employee_id: employee, text: `Well deserved! (${++serial})`, created_at: post.at })));
    for (const part of chunks(reactions)) await db.insertInto("post_reaction", part).execute();
    for (const part of chunks(comments)) await db.insertInto("post_comment", part).execute();
    activities.push(
      ...rows.map((post) => ({ employeeId: post.author, at: post.at, delta: 1 as const })),
      ...[...reactions, ...comments].map((row) => ({ employeeId: row.employee_id, at: row.created_at, delta: 1 as const })),
    );
  }
  await countActivityInChunks(db, tenant.config.program.timeZone, activities);
}

/** The scores in slices: one upsert of every person's months and years at once would pass a statement's parameter limit. */
async function countActivityInChunks(db: DemoSeedArgs["db"], timeZone: string, activities: Activity[]) {
  const byPerson = new Map<number, Activity[]>();
  for (const activity of activities) remembered(byPerson, activity.employeeId, () => []).push(activity);
  for (const people of chunks([...byPerson.keys()].sort((a, b) => a - b), 200)) {
    await countActivity(db, timeZone, people.flatMap((id) => byPerson.get(id)!));
  }
}
