import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { hasPermissionSql } from "~/modules/employees/service.server";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { reasonLabel, statusWord } from "./moderation";
import type { MomentsOptions } from "./options";
import type { ModerationAction, ReportReason, SocialStatus } from "./schema";
import { removeMentionsFromWalls } from "./wall-mentions.server";

/** A post (commentId null) or one of its comments. */
export interface ModerationTarget {
  postId: number;
  commentId: number | null;
}

interface Services {
  app: AppServices;
  tenant: Tenant;
  db: ProgramDb;
}

type Tx = ProgramDb;

const noun = (target: ModerationTarget) => (target.commentId === null ? "post" : "comment");

/** Where a moderator decides on an item. */
export function moderationPath(target: ModerationTarget) {
  return target.commentId === null ? `/admin/reported/post/${target.postId}` : `/admin/reported/comment/${target.commentId}`;
}

/** Rows of `table` about this item only (a post's own, not its comments'). */
function sameItem(table: "post_report" | "moderation_event", target: ModerationTarget) {
  const post = sql.ref(`${table}.post_id`);
  const comment = sql.ref(`${table}.comment_id`);
  return target.commentId === null ? sql<boolean>`${post} = ${target.postId} and ${comment} is null` : sql<boolean>`${post} = ${target.postId} and ${comment} = ${target.commentId}`;
}

/** The item's status and author, locked for the rest of the transaction; undefined when it is not there. */
async function lockItem(tx: Tx, target: ModerationTarget) {
  if (target.commentId === null) {
    return tx
      .selectFrom("post")
      .innerJoin("feed_item", "feed_item.id", "post.id")
      .select(["post.status", "feed_item.author_id"])
      .where("post.id", "=", target.postId)
      .forUpdate("post")
      .executeTakeFirst();
  }
  return tx
    .selectFrom("post_comment")
    .select(["status", "employee_id as author_id"])
    .where("id", "=", target.commentId)
    .where("post_id", "=", target.postId)
    .forUpdate()
    .executeTakeFirst();
}

async function setStatus(tx: Tx, target: ModerationTarget, status: SocialStatus) {
  if (target.commentId === null) await tx.updateTable("post").set({ status }).where("id", "=", target.postId).execute();
  else await tx.updateTable("post_comment").set({ status }).where("id", "=", target.commentId).execute();
}

async function record(tx: Tx, target: ModerationTarget, action: ModerationAction, actorId: number | null, reason = "") {
  return tx
    .insertInto("moderation_event", { post_id: target.postId, comment_id: target.commentId, action, actor_id: actorId, reason })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Who hears of reports: the program's moderators while moderation is on, its program managers otherwise. */
async function reviewers(tx: Tx, moderationOn: boolean, except: number[]) {
  const people = tx.selectFrom("employee").select("id").where("active", "=", true).where("id", "not in", except.length > 0 ? except : [0]);
  const rows = await (moderationOn ? people.where(hasPermissionSql("isSocialModerator", false)) : people.where("employee_type", "=", "PROGRAM_MANAGER")).execute();
  return rows.map((row) => row.id);
}

/**
 * A person reports a post or comment, once, saying why: it is hidden from them at once. With
 * moderation on, the first open report tells the moderators and `reportsToHold` different
 * reporters hold the item for everyone (FLAGGED) until a moderator decides; with moderation
 * off, the program managers are told and nothing is ever held. False when this person had
 * reported it already, wrote it, or it is not there (or was removed).
 */
export async function reportItem({ app, tenant, db }: Services, target: ModerationTarget, reporterId: number, report: { reason: ReportReason; details: string }, options: MomentsOptions) {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, target);
    if (!item || item.status === "DENIED" || item.author_id === reporterId) return false;
    const added = await tx
      .insertInto("post_report", { post_id: target.postId, comment_id: target.commentId, employee_id: reporterId, reason: report.reason, details: report.details })
      .onConflict((c) => c.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!added) return false;
    const { open } = await tx
      .selectFrom("post_report")
      .select((eb) => eb.fn.countAll<string>().as("open"))
      .where(sameItem("post_report", target))
      .where("status", "=", "new")
      .executeTakeFirstOrThrow();
    const reporters = Number(open);
    const moderationOn = options.moderationEnabled;
    const type = target.commentId === null ? "MOMENTS_POST_FLAG" : "MOMENTS_COMMENT_FLAG";
    const held = moderationOn && item.status === "PUBLISHED" && reporters >= options.reportsToHold;
    if (reporters !== 1 && !held) return true;
    const told = await reviewers(tx, moderationOn, [reporterId, ...(item.author_id === null ? [] : [item.author_id])]);
    const link = moderationOn ? moderationPath(target) : `/post/${target.postId}`;
    if (reporters === 1 && told.length > 0) {
      const message = `A ${noun(target)} was reported: ${reasonLabel(report.reason)}.`;
      await notify(app, tenant, tx, told, { type, message, link }, `moments:reported:${added.id}`);
    }
    if (held) {
      await setStatus(tx, target, "FLAGGED");
      const event = await record(tx, target, "HELD", null, `${reporters} people reported it`);
      if (told.length > 0) {
        const message = `A ${noun(target)} is held for review: ${reporters} people reported it.`;
        await notify(app, tenant, tx, told, { type, message, link }, `moments:held:${event.id}`);
      }
    }
    return true;
  });
}

export type Decision = "APPROVED" | "DENIED";

/**
 * A moderator's decision on a post or comment, once for all its open reports: approved, it is
 * shown to everyone again (its reporters included); removed (DENIED), it leaves every list, and
 * its author is told why. Points it carried stay paid. Its reporters hear the outcome. Returns
 * "unchanged" when the item already has that status, "missing" when it is not there.
 */
export async function decide({ app, tenant, db }: Services, target: ModerationTarget, decision: Decision, moderatorId: number, reason: string) {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, target);
    if (!item) return "missing" as const;
    if (item.status === decision) return "unchanged" as const;
    await setStatus(tx, target, decision);
    // A removed post leaves the walls of those it mentioned too.
    if (decision === "DENIED" && target.commentId === null) await removeMentionsFromWalls(tx, target.postId);
    const closed = await tx
      .updateTable("post_report")
      .set({ status: "closed", closed_at: new Date() })
      .where(sameItem("post_report", target))
      .where("status", "=", "new")
      .returning("employee_id")
      .execute();
    const event = await record(tx, target, decision, moderatorId, reason);
    const what = noun(target);
    const reporters = closed.map((row) => row.employee_id).filter((id) => id !== moderatorId);
    if (reporters.length > 0) {
      const message = decision === "APPROVED" ? `A moderator reviewed the ${what} you reported and left it up.` : `A moderator removed the ${what} you reported.`;
      await notify(app, tenant, tx, reporters, { type: "MOMENTS_MODERATION", message, ...(decision === "APPROVED" ? { link: `/post/${target.postId}` } : {}) }, `moments:outcome:${event.id}`);
    }
    const author = item.author_id !== null && item.author_id !== moderatorId ? [item.author_id] : [];
    const restored = decision === "APPROVED" && item.status !== "PUBLISHED";
    if (author.length > 0 && (decision === "DENIED" || restored)) {
      const message = decision === "DENIED" ? `A moderator removed your ${what}: ${reason}` : `Your ${what} is shown again after a moderator's review.`;
      await notify(app, tenant, tx, author, { type: "MOMENTS_MODERATION", message, ...(decision === "APPROVED" ? { link: `/post/${target.postId}` } : {}) }, `moments:author-outcome:${event.id}`);
    }
    return "done" as const;
  });
}

/** The comment `commentId` as a moderation target, or null when it is not this program's. */
export async function commentTarget(db: ProgramDb, commentId: number): Promise<ModerationTarget | null> {
  const row = await db.selectFrom("post_comment").select("post_id").where("id", "=", commentId).executeTakeFirst();
  return row ? { postId: row.post_id, commentId } : null;
}

/**
 * Reported posts and comments, most recently reported first: with `openOnly`, those still
 * waiting for a decision (held, or pending below the threshold). A page of `size`, and whether
 * there are more.
 */
export async function reportedItems(db: ProgramDb, { openOnly, page, size }: { openOnly: boolean; page: number; size: number }) {
  const grouped = db
    .selectFrom("post_report")
    .select([
      "post_report.post_id",
      "post_report.comment_id",
      sql<number>`count(*)::int`.as("reports"),
      sql<number>`(count(*) filter (where post_report.status = 'new'))::int`.as("open"),
      sql<Date>`max(post_report.created_at)`.as("last_reported"),
    ])
    .groupBy(["post_report.post_id", "post_report.comment_id"])
    .as("grouped");
  const rows = await db
    .selectFrom(grouped)
    .leftJoin("post", (join) => join.onRef("post.id", "=", "grouped.post_id").on("grouped.comment_id", "is", null))
    .leftJoin("post_comment", "post_comment.id", "grouped.comment_id")
    .leftJoin("feed_item", "feed_item.id", "grouped.post_id")
    .leftJoin("employee", (join) => join.on((eb) => eb("employee.id", "=", eb.fn.coalesce("post_comment.employee_id", "feed_item.author_id"))))
    .select([
      "grouped.post_id",
      "grouped.comment_id",
      "grouped.reports",
      "grouped.open",
      "grouped.last_reported",
      sql<string>`coalesce(post_comment.text, post.text, '')`.as("text"),
      sql<SocialStatus>`coalesce(post_comment.status, post.status, 'PUBLISHED')`.as("status"),
      "employee.display_name as author",
    ])
    .$if(openOnly, (q) => q.where((eb) => eb.or([eb("grouped.open", ">", 0), eb(sql`coalesce(post_comment.status, post.status)`, "=", "FLAGGED")])))
    .orderBy("grouped.last_reported", "desc")
    .orderBy("grouped.post_id", "desc")
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return {
    items: rows.slice(0, size).map((row) => ({
      target: { postId: row.post_id, commentId: row.comment_id },
      kind: row.comment_id === null ? ("Post" as const) : ("Comment" as const),
      text: row.text,
      author: row.author ?? "",
      reports: row.reports,
      open: row.open,
      status: statusWord(row.status, row.open),
      lastReported: row.last_reported.toISOString(),
    })),
    hasMore: rows.length > size,
  };
}

/** How many items wait for a moderator (the moderation home's count). */
export async function openItemCount(db: ProgramDb) {
  const { items } = await db
    .selectFrom("post_report")
    .select(sql<number>`count(distinct (post_id, coalesce(comment_id, 0)))::int`.as("items"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return items;
}

/** One reported (or any) post or comment as its moderation page shows it: what it says, its status, every report and its history. */
export async function moderationItem(db: ProgramDb, target: ModerationTarget) {
  const item =
    target.commentId === null
      ? await db
          .selectFrom("post")
          .innerJoin("feed_item", "feed_item.id", "post.id")
          .leftJoin("employee", "employee.id", "feed_item.author_id")
          .select(["post.text", "post.status", "feed_item.created_at", "employee.display_name as author"])
          .where("post.id", "=", target.postId)
          .executeTakeFirst()
      : await db
          .selectFrom("post_comment")
          .innerJoin("employee", "employee.id", "post_comment.employee_id")
          .select(["post_comment.text", "post_comment.status", "post_comment.created_at", "employee.display_name as author"])
          .where("post_comment.id", "=", target.commentId)
          .executeTakeFirst();
  if (!item) return null;
  const [reports, history] = await Promise.all([
    db
      .selectFrom("post_report")
      .innerJoin("employee", "employee.id", "post_report.employee_id")
      .select(["post_report.id", "post_report.reason", "post_report.details", "post_report.status", "post_report.created_at", "employee.display_name as reporter"])
      .where(sameItem("post_report", target))
      .orderBy("post_report.id", "desc")
      .execute(),
    db
      .selectFrom("moderation_event")
      .leftJoin("employee", "employee.id", "moderation_event.actor_id")
      .select(["moderation_event.id", "moderation_event.action", "moderation_event.reason", "moderation_event.created_at", "employee.display_name as actor"])
      .where(sameItem("moderation_event", target))
      .orderBy("moderation_event.id", "desc")
      .execute(),
  ]);
  const open = reports.filter((report) => report.status === "new").length;
  return {
    target,
    kind: target.commentId === null ? ("post" as const) : ("comment" as const),
    text: item.text ?? "",
    author: item.author ?? "",
    created: item.created_at.toISOString(),
    status: item.status,
    statusWord: statusWord(item.status, open),
    reports: reports.map((report) => ({ id: report.id, reporter: report.reporter, reason: reasonLabel(report.reason), details: report.details, open: report.status === "new", created: report.created_at.toISOString() })),
    history: history.map((event) => ({ id: event.id, action: event.action, reason: event.reason, actor: event.actor, created: event.created_at.toISOString() })),
  };
}
