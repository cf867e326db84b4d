import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { notify } from "~/modules/notifications/delivery.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { rowId } from "~/utils/row-id";
import { ecardFor } from "./read.server";
import { REPLY_MAX_LENGTH } from "./rules";

export const replyMessages = {
  empty: "Write a reply.",
  tooLong: `A reply has at most ${REPLY_MAX_LENGTH} characters.`,
  notAllowed: "You can't reply to this eCard.",
  gone: "This reply is no longer there.",
} as const;

const replyText = z.string({ error: replyMessages.empty }).trim().min(1, replyMessages.empty).max(REPLY_MAX_LENGTH, replyMessages.tooLong);

/** The reply form's intents: reply, edit or delete (one's own reply). */
export const replyForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), text: replyText }),
  z.object({ intent: z.literal("edit-reply"), reply: z.string().transform((value, ctx) => rowId(value) ?? (ctx.addIssue({ code: "custom", message: replyMessages.gone }), z.NEVER)), text: replyText }),
  z.object({ intent: z.literal("delete-reply"), reply: z.string().transform((value, ctx) => rowId(value) ?? (ctx.addIssue({ code: "custom", message: replyMessages.gone }), z.NEVER)) }),
]);

export type ReplyChange = z.infer<typeof replyForm>;

/**
 * A recipient's reply to an eCard they received (spec: eCard reply permission), once; the sender
 * is told. False when the rule does not let them (the card is re-read, so a second reply, or a
 * reply to a card not theirs, is refused however it is sent).
 */
export async function addReply(app: AppServices, tenant: Tenant, db: ProgramDb, viewer: { id: number; displayName: string }, ecardId: number, text: string) {
  return db.transaction(async (tx) => {
    const card = await ecardFor(tx, viewer.id, ecardId, "received");
    if (!card?.canReply) return false;
    const created = await tx
      .insertInto("ecard_reply", { ecard_id: ecardId, employee_id: viewer.id, text })
      .onConflict((c) => c.columns(["ecard_id", "employee_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) return false;
    await notify(app, tenant, tx, [card.sender.id], { type: "ECARD_REPLY", message: `${viewer.displayName} replied to your eCard: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`, link: `/ecard/sent/${ecardId}` }, `ecards:reply:${created.id}`);
    return true;
  });
}

/** Changes the text of the author's own reply; false when it is not theirs (or gone). */
export async function editReply(db: ProgramDb, authorId: number, ecardId: number, replyId: number, text: string) {
  const updated = await db
    .updateTable("ecard_reply")
    .set({ text, updated_at: new Date() })
    .where("id", "=", replyId)
    .where("ecard_id", "=", ecardId)
    .where("employee_id", "=", authorId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** Deletes the author's own reply; false when it is not theirs (or gone). */
export async function deleteReply(db: ProgramDb, authorId: number, ecardId: number, replyId: number) {
  const deleted = await db.deleteFrom("ecard_reply").where("id", "=", replyId).where("ecard_id", "=", ecardId).where("employee_id", "=", authorId).returning("id").executeTakeFirst();
  return deleted !== undefined;
}
