import { sql } from "kysely";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { hasPermissionSql } from "~/modules/employees/service.server";
import { defineJob, defineSchedule } from "~/modules/jobs/job";
import { notify } from "~/modules/notifications/delivery.server";
import { pointsSummary, transfer } from "~/modules/points/ledger.server";
import { publishToFeed, publishToWall } from "~/modules/publications/publish.server";
import type { AppServices } from "~/modules/services.server";
import type { Tenant } from "~/modules/tenants/tenant";
import { calendarDayIn } from "~/modules/time/zones";
import type { EcardInput } from "./composer.server";
import { shownDesigns } from "./design-library.server";
import { designById, designSource, videoPoster } from "./designs";

export const ECARD_POINTS_KIND = "ECARD_POINTS";

/** A card's message as its notification (and e-mail) says it: whole, up to a length a notification holds. */
const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);
const pointsWords = (points: number) => `${points.toLocaleString("en-US")} ${points === 1 ? "point" : "points"}`;

/**
 * Saves an eCard in one transaction: the card, a row per recipient, and, when it goes today,
 * its delivery (points, notifications, walls, the feed). The form's key makes a second
 * submission a no-op that returns the first card.
 */
export async function createEcard(app: AppServices, tenant: Tenant, db: ProgramDb, senderId: number, input: EcardInput) {
  return db.transaction(async (tx) => {
    const created = await tx
      .insertInto("ecard", {
        sender_id: senderId,
        design: input.design,
        message: input.message,
        is_public: input.isPublic,
        manager_copy: input.managerCopy,
        send_on: input.sendOn,
        status: "SCHEDULED",
        idempotency_key: input.key,
      })
      .onConflict((c) => c.columns(["program_id", "idempotency_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) {
      const existing = await tx.selectFrom("ecard").select(["id", "status"]).where("idempotency_key", "=", input.key).where("sender_id", "=", senderId).executeTakeFirstOrThrow();
      return { id: existing.id, sent: existing.status === "SENT", created: false };
    }
    await tx
      .insertInto(
        "ecard_recipient",
        input.recipients.map((recipient) => ({ ecard_id: created.id, employee_id: recipient.employeeId, points: recipient.points, group_names: "[]" })),
      )
      .execute();
    if (input.now) await deliverEcard(app, tenant, tx, created.id);
    return { id: created.id, sent: input.now, created: true };
  });
}

/**
 * Sends a scheduled eCard, once (it claims the card by its status): each recipient still in the
 * program gets it, with their points moved through the ledger from the sender's points to give
 * while the sender has them; their manager gets a copy when asked; each recipient's wall shows
 * it, and a public card is published to the feed naming the recipients who accept public
 * recognition. What could not be sent (someone who left, points the sender no longer has) is
 * told to the sender.
 */
export async function deliverEcard(app: AppServices, tenant: Tenant, db: ProgramDb, ecardId: number) {
  await db.transaction(async (tx) => {
    const card = await tx
      .updateTable("ecard")
      .set({ status: "SENT", sent_at: new Date() })
      .where("id", "=", ecardId)
      .where("status", "=", "SCHEDULED")
      .returning(["id", "sender_id", "design", "message", "is_public", "manager_copy", "created_at", "send_on"])
      .executeTakeFirst();
    if (!card) return;
    const sender = await tx.selectFrom("employee").select(["display_name"]).where("id", "=", card.sender_id).executeTakeFirstOrThrow();
    const recipients = await tx
      .selectFrom("ecard_recipient")
      .innerJoin("employee", "employee.id", "ecard_recipient.employee_id")
      .select([
        "ecard_recipient.id",
        "ecard_recipient.employee_id",
        "ecard_recipient.points",
        "employee.display_name",
        "employee.active",
        "employee.parent_employee_id",
        hasPermissionSql("usesPoints", true).as("uses_points"),
        sql<boolean>`coalesce((employee.preferences ->> 'publicRecognitionEnabled')::boolean, true)`.as("public_recognition"),
      ])
      .where("ecard_recipient.ecard_id", "=", card.id)
      .orderBy("ecard_recipient.id")
      .execute();

    const design = (await shownDesigns(tx, [card.design])).get(card.design)!;
    const video = design.video ? { src: design.video.src, contentType: design.video.contentType } : undefined;
    const shown = { ecardId: card.id, image: design.src, alt: design.alt, ...(video ? { video } : {}), senderName: sender.display_name };
    // E-mails show the card's picture: a drawn design (the library's, a video's poster) as PNG, as e-mail clients do not show SVG.
    const drawn = design.video ? videoPoster.id : designById(card.design)?.id;
    const image = { src: drawn ? designSource(drawn, "png") : design.src, alt: design.alt };
    const wanted = recipients.reduce((sum, recipient) => sum + (recipient.points ?? 0), 0);
    let available = wanted > 0 ? (await pointsSummary(tx, card.sender_id)).discretionaryPointsAvailable : 0;
    const left: string[] = [];
    const unpaid: string[] = [];
    const delivered: Delivered[] = [];
    for (const recipient of recipients) {
      if (!recipient.active) {
        left.push(recipient.display_name);
        await tx.updateTable("ecard_recipient").set({ status: "SKIPPED" }).where("id", "=", recipient.id).execute();
        continue;
      }
      let paid: number | null = null;
      if (recipient.points !== null && recipient.uses_points && recipient.points <= available) {
        await transfer(tx, {
          idempotencyKey: `ecards:points:${recipient.id}`,
          kind: ECARD_POINTS_KIND,
          amount: recipient.points,
          reason: `eCard from ${sender.display_name}`,
          reference: `ecard:${card.id}`,
          actorId: card.sender_id,
          from: { kind: "DISCRETIONARY", employeeId: card.sender_id },
          to: { kind: "SHOPPING", employeeId: recipient.employee_id },
        });
        available -= recipient.points;
        paid = recipient.points;
      } else if (recipient.points !== null) {
        unpaid.push(recipient.display_name);
      }
      const managerId = card.manager_copy && recipient.parent_employee_id !== card.sender_id ? recipient.parent_employee_id : null;
      await tx.updateTable("ecard_recipient").set({ status: "DELIVERED", points_paid: paid !== null, manager_id: managerId }).where("id", "=", recipient.id).execute();
      delivered.push({ id: recipient.id, employeeId: recipient.employee_id, name: recipient.display_name, points: paid, managerId, isPublic: recipient.public_recognition });
    }
    await notifyDelivery(app, tenant, tx, { id: card.id, message: card.message, image, sender: sender.display_name }, delivered);

    const walled = (isPublic: boolean) => delivered.filter((recipient) => card.is_public && recipient.isPublic === isPublic).map((recipient) => recipient.employeeId);
    // A public card shows its message on the walls of those who accept public recognition; elsewhere the wall says only who sent one.
    await publishToWall(app.registry, tx, { itemType: "MANAGER_ECARD", foreignId: String(card.id), employeeIds: walled(true), data: { ...shown, message: card.message } });
    await publishToWall(app.registry, tx, {
      itemType: "ECARD",
      foreignId: String(card.id),
      employeeIds: card.is_public ? walled(false) : delivered.map((recipient) => recipient.employeeId),
      data: shown,
    });
    const published = delivered.filter((recipient) => recipient.isPublic);
    if (card.is_public && published.length > 0) {
      await publishToFeed(app.registry, tenant.config, tx, {
        kind: "ecard",
        foreignId: String(card.id),
        authorId: card.sender_id,
        data: { ...shown, message: card.message },
        mentions: published.map((recipient) => ({ employeeId: recipient.employeeId, points: recipient.points })),
      });
    }
    const scheduled = calendarDayIn(card.created_at, tenant.config.program.timeZone) !== card.send_on;
    if (scheduled && (left.length > 0 || unpaid.length > 0)) {
      const parts = [
        ...(left.length > 0 ? [`It was not sent to ${left.join(", ")}, who left the program.`] : []),
        ...(unpaid.length > 0 ? [`Its points for ${unpaid.join(", ")} were not given: you no longer had them to give.`] : []),
      ];
      await notify(app, tenant, tx, [card.sender_id], { type: "ECARD_NOT_SENT", message: `Your eCard was sent. ${parts.join(" ")}`, link: `/ecard/sent/${card.id}` }, `ecards:not-sent:${card.id}`);
    }
  });
}

interface Delivered {
  id: number;
  employeeId: number;
  name: string;
  points: number | null;
  managerId: number | null;
  isPublic: boolean;
}

/**
 * Tells the recipients of a delivered card (one notification for all who got no points, one each
 * for those who did, as their message says how many) and each copied manager once, naming their
 * reports among the recipients.
 */
async function notifyDelivery(app: AppServices, tenant: Tenant, db: ProgramDb, card: { id: number; message: string; image: { src: string; alt: string }; sender: string }, delivered: readonly Delivered[]) {
  const said = excerpt(card.message);
  const received = { type: "ECARD_RECEIVED", link: `/ecard/received/${card.id}`, image: card.image } as const;
  const plain = delivered.filter((recipient) => recipient.points === null).map((recipient) => recipient.employeeId);
  if (plain.length > 0) await notify(app, tenant, db, plain, { ...received, message: `${card.sender} sent you an eCard: ${said}` }, `ecards:received:${card.id}`);
  for (const recipient of delivered.filter((each) => each.points !== null)) {
    await notify(app, tenant, db, [recipient.employeeId], { ...received, message: `${card.sender} sent you an eCard with ${pointsWords(recipient.points!)}: ${said}` }, `ecards:received:${card.id}:${recipient.id}`);
  }
  const reportsOf = new Map<number, string[]>();
  for (const recipient of delivered) if (recipient.managerId !== null) reportsOf.set(recipient.managerId, [...(reportsOf.get(recipient.managerId) ?? []), recipient.name]);
  for (const [managerId, names] of reportsOf) {
    const whom = names.length === 1 ? `${names[0]}, who reports to you,` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}, who report to you,`;
    await notify(
      app,
      tenant,
      db,
      [managerId],
      { type: "ECARD_MANAGER_COPY", message: `${card.sender} sent ${whom} an eCard: ${said}`.slice(0, 500), link: `/ecard/received/manager/${card.id}`, image: card.image },
      `ecards:manager-copy:${card.id}:${managerId}`,
    );
  }
}

/** Sends each scheduled eCard whose day has come in the program's time zone, each in its own transaction. */
export async function sendDueEcards(app: AppServices, tenant: Tenant, db: ProgramDb, now: Date) {
  const today = calendarDayIn(now, tenant.config.program.timeZone);
  const due = await db.selectFrom("ecard").select("id").where("status", "=", "SCHEDULED").where("send_on", "<=", today).orderBy("id").execute();
  for (const card of due) await deliverEcard(app, tenant, db, card.id);
  return due.length;
}

export const sendDueEcardsJob = defineJob({
  name: "ecards.send-due",
  data: z.object({}),
  async run({ app, tenant, db, log }) {
    const sent = await sendDueEcards(app, tenant, db, new Date());
    if (sent > 0) log.info({ event: "ecards_sent", count: sent }, "scheduled eCards sent");
  },
});

/** The spec's send time: 09:00 on the day, in the program's time zone. */
export const dailyEcardSend = defineSchedule({ id: "send-due", cron: "0 9 * * *", job: sendDueEcardsJob, data: {} });

/** Cancels a scheduled eCard of the sender's; false when it was sent (or cancelled) already, or is not theirs. */
export async function cancelEcard(db: ProgramDb, senderId: number, ecardId: number) {
  const cancelled = await db.updateTable("ecard").set({ status: "CANCELLED" }).where("id", "=", ecardId).where("sender_id", "=", senderId).where("status", "=", "SCHEDULED").returning("id").executeTakeFirst();
  return cancelled !== undefined;
}

/** Changes what a scheduled eCard of the sender's says and when it goes; false when it is no longer scheduled. */
export async function updateScheduledEcard(
  db: ProgramDb,
  senderId: number,
  ecardId: number,
  changes: { design: string; message: string; sendOn: string; managerCopy: boolean; isPublic: boolean },
) {
  const updated = await db
    .updateTable("ecard")
    .set({ design: changes.design, message: changes.message, send_on: changes.sendOn, manager_copy: changes.managerCopy, is_public: changes.isPublic })
    .where("id", "=", ecardId)
    .where("sender_id", "=", senderId)
    .where("status", "=", "SCHEDULED")
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}
