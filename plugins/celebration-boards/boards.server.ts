import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { notify } from "~/modules/notifications/delivery.server";
import { publishToFeed } from "~/modules/publications/publish.server";
import { recipientsByIds } from "~/modules/recognition/recipients.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import type { BoardCategory } from "./categories";
import { categoryText, type BoardsOptions } from "./options";

/** What the board form gives, checked (composer.server.ts). */
export interface BoardInput {
  recipientId: number;
  category: BoardCategory;
  title: string;
  message: string;
  closesOn: string;
}

/** The board's public link's token: 144 random bits, URL-safe (24 characters). */
export const publicToken = () => randomBytes(18).toString("base64url");

/** Whether a path's part could be a public token (before the database is asked). */
export const isPublicToken = (value: string) => /^[\w-]{24}$/.test(value);

/** Makes a board, open for contributions; the form's key makes a form posted twice one board. Returns its id. */
export async function createBoard(db: ProgramDb, creatorId: number, input: BoardInput & { key: string }) {
  const formKey = `${creatorId}:${input.key}`;
  const made = await db
    .insertInto("celebration_board", {
      creator_id: creatorId,
      recipient_id: input.recipientId,
      category: input.category,
      title: input.title,
      message: input.message,
      closes_on: input.closesOn,
      status: "OPEN",
      public_token: publicToken(),
      form_key: formKey,
    })
    .onConflict((oc) => oc.columns(["program_id", "form_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  return (await db.selectFrom("celebration_board").select("id").where("form_key", "=", formKey).executeTakeFirstOrThrow()).id;
}

/** Changes an open board's category, words and closing day (the recipient stays); false once it is delivered. */
export async function updateBoard(db: ProgramDb, boardId: number, changes: Omit<BoardInput, "recipientId">) {
  const updated = await db
    .updateTable("celebration_board")
    .set({ category: changes.category, title: changes.title, message: changes.message, closes_on: changes.closesOn })
    .where("id", "=", boardId)
    .where("status", "=", "OPEN")
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Deletes an open board with its invitations and contributions; false once it is delivered (it is the recipient's then). */
export async function deleteBoard(db: ProgramDb, boardId: number) {
  const deleted = await db.deleteFrom("celebration_board").where("id", "=", boardId).where("status", "=", "OPEN").executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

interface BoardParties {
  id: number;
  title: string;
  creatorId: number;
  creatorName: string;
  recipientId: number;
  recipientName: string;
}

/**
 * Invites people to contribute to an open board (never its recipient, whom it surprises, nor its
 * creator); each person newly invited is told once. Returns how many were newly invited.
 */
export async function inviteContributors(app: AppServices, tenant: Tenant, db: ProgramDb, board: BoardParties, employeeIds: readonly number[]) {
  const ids = [...new Set(employeeIds)].filter((id) => id !== board.recipientId && id !== board.creatorId);
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const open = await tx.selectFrom("celebration_board").select("id").where("id", "=", board.id).where("status", "=", "OPEN").forUpdate().executeTakeFirst();
    if (!open) return 0;
    const invited = await tx
      .insertInto("celebration_board_contributor", ids.map((employeeId) => ({ board_id: board.id, employee_id: employeeId })))
      .onConflict((oc) => oc.columns(["program_id", "board_id", "employee_id"]).doNothing())
      .returning(["id", "employee_id"])
      .execute();
    if (invited.length === 0) return 0;
    const message = `${board.creatorName} invited you to write on a celebration board for ${board.recipientName}: ${board.title}`;
    // Named by the first new invitation: posted twice, told once; invited again after being removed, told again.
    const key = `celebration-board:${board.id}:invite:${Math.min(...invited.map((row) => row.id))}`;
    await notify(app, tenant, tx, invited.map((row) => row.employee_id), { type: "CELEBRATION_BOARD_INVITE", message, link: `/celebration-board/${board.id}`, foreignId: String(board.id) }, key);
    return invited.length;
  });
}

/** Takes someone off an open board's invitations, and their contribution with them; false when they were not invited or it is delivered. */
export async function uninviteContributor(db: ProgramDb, boardId: number, employeeId: number) {
  return db.transaction(async (tx) => {
    const open = await tx.selectFrom("celebration_board").select("id").where("id", "=", boardId).where("status", "=", "OPEN").forUpdate().executeTakeFirst();
    if (!open) return false;
    const removed = await tx.deleteFrom("celebration_board_contributor").where("board_id", "=", boardId).where("employee_id", "=", employeeId).executeTakeFirst();
    if (removed.numDeletedRows === 0n) return false;
    await tx.deleteFrom("celebration_board_contribution").where("board_id", "=", boardId).where("author_id", "=", employeeId).execute();
    return true;
  });
}

/**
 * Writes (or rewrites) the author's contribution to a board that still takes them: open, on or
 * before its closing day, the author its creator or invited. Its picture is `picture` (an asset of
 * the author's), none when null, the one it had when undefined. False when it takes none.
 */
export async function saveContribution(db: ProgramDb, boardId: number, authorId: number, contribution: { message: string; picture?: string | null }, today: string) {
  const { message, picture } = contribution;
  return db.transaction(async (tx) => {
    const board = await tx
      .selectFrom("celebration_board")
      .select(["creator_id", (eb) => eb.exists(eb.selectFrom("celebration_board_contributor as c").whereRef("c.board_id", "=", "celebration_board.id").where("c.employee_id", "=", authorId)).as("invited")])
      .where("id", "=", boardId)
      .where("status", "=", "OPEN")
      .where("closes_on", ">=", today)
      .forUpdate()
      .executeTakeFirst();
    if (!board || !(board.creator_id === authorId || board.invited)) return false;
    await tx
      .insertInto("celebration_board_contribution", { board_id: boardId, author_id: authorId, message, picture_asset_id: picture ?? null })
      .onConflict((oc) => oc.columns(["program_id", "board_id", "author_id"]).doUpdateSet({ message, updated_at: sql`now()`, ...(picture === undefined ? {} : { picture_asset_id: picture }) }))
      .execute();
    return true;
  });
}

/** Deletes a contribution of an open board: its author's own, or any when `anyOf` (its creator, a program manager); false otherwise. */
export async function deleteContribution(db: ProgramDb, boardId: number, contributionId: number, by: { id: number; anyOf: boolean }) {
  const deleted = await db
    .deleteFrom("celebration_board_contribution")
    .where("id", "=", contributionId)
    .where("board_id", "=", boardId)
    .$if(!by.anyOf, (query) => query.where("author_id", "=", by.id))
    .where((eb) => eb.exists(eb.selectFrom("celebration_board as b").whereRef("b.id", "=", "celebration_board_contribution.board_id").where("b.status", "=", "OPEN")))
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * Delivers an open board to its recipient, who is told; shared on the Moments feed when asked,
 * the program allows it and the recipient accepts public recognition. False when it was
 * delivered already.
 */
export async function approveBoard(app: AppServices, tenant: Tenant, db: ProgramDb, options: BoardsOptions, board: BoardParties & { category: BoardCategory }, share: boolean) {
  return db.transaction(async (tx) => {
    // Shared only with a recipient who accepts public recognition (one no longer active is shared with nobody).
    const recipient = (await recipientsByIds(tx, [board.recipientId])).get(board.recipientId);
    const shared = share && options.shareOnFeedEnabled && recipient !== undefined && !recipient.prefersPrivate;
    const approved = await tx
      .updateTable("celebration_board")
      .set({ status: "APPROVED", approved_at: new Date(), shared_on_feed: shared })
      .where("id", "=", board.id)
      .where("status", "=", "OPEN")
      .executeTakeFirst();
    if (approved.numUpdatedRows === 0n) return false;
    // The colleagues who wrote on it besides its creator, as the feed's line counts them.
    const { count } = await tx
      .selectFrom("celebration_board_contribution")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("board_id", "=", board.id)
      .where("author_id", "<>", board.creatorId)
      .executeTakeFirstOrThrow();
    if (shared) {
      await publishToFeed(app.registry, tenant.config, tx, {
        kind: "celebrationBoard",
        foreignId: String(board.id),
        authorId: board.creatorId,
        data: { boardId: board.id, title: board.title, category: categoryText(options, board.category), recipientName: board.recipientName, creatorName: board.creatorName, contributions: Number(count) },
        mentions: [{ employeeId: board.recipientId }],
      });
    }
    await notify(
      app,
      tenant,
      tx,
      [board.recipientId],
      { type: "CELEBRATION_BOARD_RECEIVE", message: `${board.creatorName} made you a celebration board: ${board.title}`, link: `/celebration-board/${board.id}`, foreignId: String(board.id) },
      `celebration-board:${board.id}:receive`,
    );
    return true;
  });
}
