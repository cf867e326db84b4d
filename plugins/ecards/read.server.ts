import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "~/modules/db/schema";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { KeptAccess } from "~/modules/db/versioned-cache.server";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { PersonShown } from "~/modules/people/people";
import { shownDesigns, type ShownDesign } from "./design-library.server";
import { keptForEcards } from "./ecards-cache.server";
import { ECARD_PAGE_SIZE, mayReply, type Box } from "./rules";
import type { EcardStatus } from "./schema";

export interface EcardListItem {
  id: number;
  design: ShownDesign;
  message: string;
  /** The sender (received and manager boxes), or the recipients' names (sent). */
  from: string | null;
  to: string[];
  points: number | null;
  status: EcardStatus;
  sendOn: string;
  sentAt: string | null;
  unread: boolean;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** One page (1-based) of a box, newest first, and whether there is another. */
export async function ecardPage(db: ProgramDb, viewerId: number, box: Box, page: number) {
  const offset = (page - 1) * ECARD_PAGE_SIZE;
  if (box === "sent") {
    const ofCard = (eb: ExpressionBuilder<Database, "ecard">) => eb.selectFrom("ecard_recipient as r").whereRef("r.ecard_id", "=", "ecard.id");
    const rows = await db
      .selectFrom("ecard")
      .select((eb) => [
        "ecard.id",
        "ecard.design",
        "ecard.message",
        "ecard.status",
        "ecard.send_on",
        "ecard.sent_at",
        ofCard(eb).innerJoin("employee as e", "e.id", "r.employee_id").select(sql<string[]>`array_agg(e.display_name order by r.id)`.as("names")).as("to"),
        ofCard(eb).select(sql<number | null>`sum(r.points)::int`.as("total")).as("points"),
      ])
      .where("ecard.sender_id", "=", viewerId)
      .orderBy("ecard.id", "desc")
      .limit(ECARD_PAGE_SIZE + 1)
      .offset(offset)
      .execute();
    return pageOf(db, rows.map((row) => ({ ...row, from: null, unread: false, to: (row.to as string[] | null) ?? [] })));
  }
  const mine = box === "received" ? "ecard_recipient.employee_id" : "ecard_recipient.manager_id";
  const read = box === "received" ? "ecard_recipient.read_at" : "ecard_recipient.manager_read_at";
  const rows = await db
    .selectFrom("ecard_recipient")
    .innerJoin("ecard", "ecard.id", "ecard_recipient.ecard_id")
    .innerJoin("employee as sender", "sender.id", "ecard.sender_id")
    .innerJoin("employee as recipient", "recipient.id", "ecard_recipient.employee_id")
    .select([
      "ecard.id",
      "ecard.design",
      "ecard.message",
      "ecard.status",
      "ecard.send_on",
      "ecard.sent_at",
      "sender.display_name as from",
      sql<string[]>`array[recipient.display_name]`.as("to"),
      sql<number | null>`case when ecard_recipient.points_paid then ecard_recipient.points end`.as("points"),
      sql<boolean>`${sql.ref(read)} is null`.as("unread"),
    ])
    .where(mine, "=", viewerId)
    .where("ecard_recipient.status", "=", "DELIVERED")
    .orderBy("ecard.sent_at", "desc")
    .orderBy("ecard_recipient.id", "desc")
    .limit(ECARD_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  return pageOf(db, rows);
}

async function pageOf(db: ProgramDb, rows: { id: number; design: string; message: string; status: EcardStatus; send_on: string; sent_at: Date | null; from: string | null; to: string[]; points: number | null; unread: boolean }[]) {
  const shown = rows.slice(0, ECARD_PAGE_SIZE);
  const designs = await shownDesigns(db, shown.map((row) => row.design));
  const items: EcardListItem[] = shown.map((row) => ({
    id: row.id,
    design: designs.get(row.design)!,
    message: row.message,
    from: row.from,
    to: row.to,
    points: row.points,
    status: row.status,
    sendOn: row.send_on,
    sentAt: iso(row.sent_at),
    unread: row.unread,
  }));
  return { items, more: rows.length > ECARD_PAGE_SIZE };
}

export interface EcardReplyView {
  id: number;
  author: PersonShown;
  text: string;
  created: string;
  edited: boolean;
  mine: boolean;
}

export interface EcardView {
  id: number;
  box: Box;
  design: ShownDesign & { id: string };
  message: string;
  sender: PersonShown;
  status: EcardStatus;
  isPublic: boolean;
  managerCopy: boolean;
  sendOn: string;
  sentAt: string | null;
  /** Each recipient, with the points they were given (those asked for, on an unsent card of the viewer's). */
  recipients: { person: PersonShown; points: number | null; skipped: boolean }[];
  replies: EcardReplyView[];
  canReply: boolean;
}

/** A card's rows: the card with its sender, its recipients, its replies, and how its design shows; no card, nothing else. */
async function cardRows(db: ProgramDb, id: number) {
  const [card, recipients, replies] = await Promise.all([
    db
      .selectFrom("ecard")
      .innerJoin("employee", "employee.id", "ecard.sender_id")
      .select([...personShownColumns, "ecard.id as ecard_id", "ecard.sender_id", "ecard.design", "ecard.message", "ecard.status", "ecard.is_public", "ecard.manager_copy", "ecard.send_on", "ecard.sent_at"])
      .where("ecard.id", "=", id)
      .executeTakeFirst(),
    db
      .selectFrom("ecard_recipient")
      .innerJoin("employee", "employee.id", "ecard_recipient.employee_id")
      .select([...personShownColumns, "ecard_recipient.points", "ecard_recipient.points_paid", "ecard_recipient.status", "ecard_recipient.manager_id", "ecard_recipient.read_at", "ecard_recipient.manager_read_at"])
      .where("ecard_recipient.ecard_id", "=", id)
      .orderBy("ecard_recipient.id")
      .execute(),
    db
      .selectFrom("ecard_reply")
      .innerJoin("employee", "employee.id", "ecard_reply.employee_id")
      .select([...personShownColumns, "ecard_reply.id as reply_id", "ecard_reply.text", "ecard_reply.created_at", "ecard_reply.updated_at"])
      .where("ecard_reply.ecard_id", "=", id)
      .orderBy("ecard_reply.id")
      .execute(),
  ]);
  return card ? { card, recipients, replies, design: (await shownDesigns(db, [card.design])).get(card.design)! } : null;
}

/**
 * An eCard as `viewerId` may see it from `box`: sent by them, received by them, or copied to them
 * as a recipient's manager; null otherwise (another program's card is not found either). Opening
 * it from the received or manager box marks it read.
 */
export async function ecardFor(db: ProgramDb, viewerId: number, id: number, box: Box): Promise<EcardView | null> {
  return ecardFrom(db, viewerId, box, await cardRows(db, id));
}

/** `ecardFor` for a page: the card's rows kept until the eCards' version moves (decision 108), the viewer's reading of it marked as ever. */
export async function keptEcardFor(access: KeptAccess, id: number, box: Box): Promise<EcardView | null> {
  const rows = await keptForEcards(access, JSON.stringify(["card", id]), () => cardRows(access.db, id));
  return ecardFrom(access.db, access.viewer.employee.id, box, rows);
}

async function ecardFrom(db: ProgramDb, viewerId: number, box: Box, rows: Awaited<ReturnType<typeof cardRows>>): Promise<EcardView | null> {
  if (!rows) return null;
  const { card, recipients, replies, design } = rows;
  const delivered = recipients.filter((recipient) => recipient.status === "DELIVERED");
  const allowed =
    box === "sent" ? card.sender_id === viewerId : box === "received" ? delivered.some((r) => r.id === viewerId) : delivered.some((r) => r.manager_id === viewerId);
  if (!allowed) return null;
  // The first opening marks the card read (for its recipient, or for the manager of those it reached); a later one writes nothing.
  const unreadByRecipient = box === "received" && delivered.some((r) => r.id === viewerId && r.read_at === null);
  const unreadByManager = box === "manager" && delivered.some((r) => r.manager_id === viewerId && r.manager_read_at === null);
  await Promise.all([
    unreadByRecipient && db.updateTable("ecard_recipient").set({ read_at: new Date() }).where("ecard_id", "=", card.ecard_id).where("employee_id", "=", viewerId).where("read_at", "is", null).execute(),
    unreadByManager && db.updateTable("ecard_recipient").set({ manager_read_at: new Date() }).where("ecard_id", "=", card.ecard_id).where("manager_id", "=", viewerId).where("manager_read_at", "is", null).execute(),
  ]);
  // A manager sees the card as their report got it; a recipient sees their own points; the sender sees everyone's.
  const shownRecipients = box === "sent" ? recipients : box === "received" ? delivered : delivered.filter((r) => r.manager_id === viewerId);
  const pointsShown = (recipient: (typeof recipients)[number]) =>
    box === "sent" ? (card.status === "SENT" ? (recipient.points_paid ? recipient.points : null) : recipient.points) : recipient.id === viewerId && recipient.points_paid ? recipient.points : null;
  return {
    id: card.ecard_id,
    box,
    design: { id: card.design, ...design },
    message: card.message,
    sender: toPersonShown(card),
    status: card.status,
    isPublic: card.is_public,
    managerCopy: card.manager_copy,
    sendOn: card.send_on,
    sentAt: iso(card.sent_at),
    recipients: shownRecipients.map((recipient) => ({ person: toPersonShown(recipient), points: pointsShown(recipient), skipped: recipient.status === "SKIPPED" })),
    replies: replies.map((reply) => ({
      id: reply.reply_id,
      author: toPersonShown(reply),
      text: reply.text,
      created: new Date(reply.created_at).toISOString(),
      edited: reply.updated_at !== null,
      mine: reply.id === viewerId,
    })),
    canReply:
      box === "received" &&
      card.status === "SENT" &&
      mayReply({ senderId: card.sender_id, recipientIds: delivered.map((r) => r.id), replierIds: replies.map((reply) => reply.id) }, viewerId),
  };
}
