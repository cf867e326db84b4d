import { sql } from "kysely";
import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { notify } from "~/modules/notifications/delivery.server";
import { transfer } from "~/modules/points/ledger.server";
import type { Tenant } from "~/modules/tenants/tenant";
import type { FeedPost } from "./feed.server";
import { countActivity } from "./leaderboard.server";

export const AMPLIFY_KIND = "AMPLIFY";

interface Actor {
  id: number;
  displayName: string;
}

interface Services {
  app: AppServices;
  tenant: Tenant;
  db: ProgramDb;
}

/** The people a post's activity concerns besides the actor: its author and the people it mentions. */
function audience(post: FeedPost, actorId: number) {
  const author = post.author && post.author.id !== actorId ? [post.author.id] : [];
  const mentioned = post.mentions.map((mention) => mention.person.id).filter((id) => id !== actorId && !author.includes(id));
  return { author, mentioned };
}

/** Sets (or, with null, removes) the actor's one reaction to an item. */
export async function react({ app, tenant, db }: Services, post: FeedPost, actor: Actor, type: number | null) {
  const { timeZone } = tenant.config.program;
  await db.transaction(async (tx) => {
    if (type === null) {
      const removed = await tx.deleteFrom("post_reaction").where("post_id", "=", post.id).where("employee_id", "=", actor.id).returning("created_at").executeTakeFirst();
      if (removed) await countActivity(tx, timeZone, [{ employeeId: actor.id, at: removed.created_at, delta: -1 }]);
      return;
    }
    const saved = await tx
      .insertInto("post_reaction", { post_id: post.id, employee_id: actor.id, reaction_type: type })
      .onConflict((c) => c.columns(["program_id", "post_id", "employee_id"]).doUpdateSet({ reaction_type: type }))
      // PostgreSQL's own tell: a row this statement inserted (rather than updated) has no xmax.
      .returning(sql<boolean>`xmax = 0`.as("inserted"))
      .executeTakeFirstOrThrow();
    if (!saved.inserted) return;
    await countActivity(tx, timeZone, [{ employeeId: actor.id, at: new Date(), delta: 1 }]);
    const { author, mentioned } = audience(post, actor.id);
    const link = `/post/${post.id}`;
    if (author.length > 0) await notify(app, tenant, tx, author, { type: "MOMENTS_LIKE", message: `${actor.displayName} reacted to your post.`, link }, `moments:like:${post.id}:${actor.id}`);
    if (mentioned.length > 0) {
      await notify(app, tenant, tx, mentioned, { type: "MOMENTS_MENTION_LIKE", message: `${actor.displayName} reacted to a post you are mentioned in.`, link }, `moments:mention-like:${post.id}:${actor.id}`);
    }
  });
}

/** The actor's one comment on an item: written the first time, edited after (spec: one comment per person per post). */
export async function saveComment({ app, tenant, db }: Services, post: FeedPost, actor: Actor, text: string) {
  await db.transaction(async (tx) => {
    const saved = await tx
      .insertInto("post_comment", { post_id: post.id, employee_id: actor.id, text })
      .onConflict((c) => c.columns(["program_id", "post_id", "employee_id"]).doUpdateSet({ text, edited_at: new Date() }))
      .returning(["id", "edited_at"])
      .executeTakeFirstOrThrow();
    if (saved.edited_at !== null) return;
    await countActivity(tx, tenant.config.program.timeZone, [{ employeeId: actor.id, at: new Date(), delta: 1 }]);
    const { author, mentioned } = audience(post, actor.id);
    const link = `/post/${post.id}`;
    if (author.length > 0) await notify(app, tenant, tx, author, { type: "MOMENTS_COMMENT", message: `${actor.displayName} commented on your post.`, link }, `moments:comment:${saved.id}`);
    if (mentioned.length > 0) {
      await notify(app, tenant, tx, mentioned, { type: "MOMENTS_MENTION_COMMENT", message: `${actor.displayName} commented on a post you are mentioned in.`, link }, `moments:mention-comment:${saved.id}`);
    }
  });
}

/** Deletes the actor's own comment; false when it is not theirs. */
export async function deleteComment(db: ProgramDb, timeZone: string, postId: number, commentId: number, actorId: number) {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .deleteFrom("post_comment")
      .where("id", "=", commentId)
      .where("post_id", "=", postId)
      .where("employee_id", "=", actorId)
      .returning("created_at")
      .executeTakeFirst();
    if (deleted) await countActivity(tx, timeZone, [{ employeeId: actorId, at: deleted.created_at, delta: -1 }]);
    return deleted !== undefined;
  });
}

/**
 * Amplifies a post's points mentions: adds the actor's points to each, moved
 * through the ledger like the mention's own, in one transaction. Each mention
 * is amplified once per person: one already amplified is skipped (so a form
 * sent twice gives once). Throws InsufficientPoints (nothing moved) when short.
 */
export async function amplify({ app, tenant, db }: Services, post: FeedPost, actor: Actor, points: ReadonlyMap<number, number>) {
  return db.transaction(async (tx) => {
    let given = 0;
    for (const mention of post.mentions) {
      const amount = points.get(mention.id);
      if (!amount || !mention.amplifiable) continue;
      const amp = await tx
        .insertInto("post_amp", { mention_id: mention.id, employee_id: actor.id, points: amount })
        .onConflict((c) => c.columns(["program_id", "mention_id", "employee_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!amp) continue;
      await countActivity(tx, tenant.config.program.timeZone, [{ employeeId: actor.id, at: new Date(), delta: 1 }]);
      await transfer(tx, {
        idempotencyKey: `moments:amp:${amp.id}`,
        kind: AMPLIFY_KIND,
        amount,
        reason: `Amplified by ${actor.displayName}`,
        reference: `post:${post.id}`,
        actorId: actor.id,
        from: { kind: "DISCRETIONARY", employeeId: actor.id },
        to: { kind: "SHOPPING", employeeId: mention.person.id },
      });
      given += amount;
      await notify(
        app,
        tenant,
        tx,
        [mention.person.id],
        { type: "MOMENTS_AMPLIFY", message: `${actor.displayName} amplified your recognition with ${amount.toLocaleString("en-US")} points.`, link: `/post/${post.id}` },
        `moments:amp:${amp.id}`,
      );
    }
    return given;
  });
}
