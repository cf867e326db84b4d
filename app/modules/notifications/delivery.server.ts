import webpush from "web-push";
import { z } from "zod";
import type { AppServices } from "~/modules/services.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { publicUrl } from "~/modules/env.server";
import { defineJob } from "~/modules/jobs/job";
import type { PluginNotificationType } from "~/modules/plugins/manifest";
import type { CoreNotificationType } from "~/modules/shell/core-contributions";
import type { Tenant } from "~/modules/tenants/tenant";
import { notificationEmail } from "./email.server";
import type { Channel } from "./notifications";
import { offeredChannels, preferencesOf, wants } from "./preferences.server";

/** Recipients per fan-out job: an announcement to 10,000 people is 20 jobs, each one transaction. */
export const FAN_OUT_BATCH = 500;

const draftSchema = z.object({
  type: z.string().min(1).max(60),
  message: z.string().min(1).max(500),
  /** A path in the program ("/post/12"), where the notification leads. */
  link: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, "must be a path in the program")
    .max(500)
    .optional(),
  foreignId: z.string().max(100).optional(),
  /** A picture its e-mail shows (a path served without a session: an asset, a drawn design) and what it shows. */
  image: z
    .object({
      src: z
        .string()
        .regex(/^\/(?!\/)[^\s]*$/, "must be a path in the program")
        .max(500),
      alt: z.string().min(1).max(200),
    })
    .optional(),
});

/** A notification type the core or an installed plugin declares (a typo does not compile). */
export type NotificationTypeName = CoreNotificationType | PluginNotificationType;

export type NotificationDraft = z.infer<typeof draftSchema> & { type: NotificationTypeName };

/**
 * Creates one batch's in-app notifications and, in the same transaction, a
 * delivery job per channel each recipient wants: a retried batch finds its
 * notifications made (the dedupe key) and enqueues nothing twice.
 */
export const fanOutNotification = defineJob({
  name: "core.notify",
  data: draftSchema.extend({ key: z.string().min(1).max(200), recipients: z.array(z.number().int().positive()).min(1).max(FAN_OUT_BATCH) }),
  async run({ data, db, tenant, app }) {
    const { key, recipients, ...draft } = data;
    await db.transaction(async (tx) => {
      const active = await tx.selectFrom("employee").select("id").where("id", "in", recipients).where("active", "=", true).execute();
      if (active.length === 0) return;
      const created = await tx
        .insertInto(
          "notification",
          active.map(({ id }) => ({
            employee_id: id,
            type: draft.type,
            message: draft.message,
            link: draft.link ?? null,
            image_url: draft.image?.src ?? null,
            image_alt: draft.image?.alt ?? null,
            foreign_id: draft.foreignId ?? null,
            dedupe_key: `${key}:${id}`,
          })),
        )
        .onConflict((c) => c.columns(["program_id", "dedupe_key"]).doNothing())
        .returning(["id", "employee_id"])
        .execute();
      const channels = offeredChannels(tenant.config, app.env);
      const preferences = await preferencesOf(tx, created.map((row) => row.employee_id));
      for (const row of created) {
        for (const channel of channels) {
          if (!wants(preferences.get(row.employee_id)!, channel, draft.type)) continue;
          await app.jobs.enqueue(tx, deliverNotification, { notificationId: row.id, channel }, { key: `${row.id}:${channel}` });
        }
      }
    });
  },
});

async function deliver(app: AppServices, tenant: Tenant, db: ProgramDb, notificationId: number, channel: Channel) {
  const row = await db
    .selectFrom("notification")
    .innerJoin("employee", "employee.id", "notification.employee_id")
    .select(["notification.message", "notification.link", "notification.image_url", "notification.image_alt", "notification.employee_id", "employee.email", "employee.phone_number"])
    .where("notification.id", "=", notificationId)
    .executeTakeFirst();
  if (!row) return;
  const { subdomain } = tenant.config;
  const baseUrl = publicUrl(app.env, subdomain);
  if (channel === "EMAIL") {
    if (!row.email) return;
    const image = row.image_url ? { src: row.image_url, alt: row.image_alt ?? "" } : undefined;
    const email = notificationEmail(tenant.config, baseUrl, row.message, row.link, { image });
    await app.mailer.send({ subdomain, to: row.email, ...email });
  } else if (channel === "SMS") {
    // The number on file (from HR, or confirmed in settings), as for two-factor codes; text messages are opt-in.
    if (!row.phone_number) return;
    await app.sms.send({ subdomain, to: row.phone_number, text: `${row.message} ${baseUrl}${row.link ?? "/notifications"}` });
  } else {
    await sendPush(app, db, row.employee_id, { title: tenant.config.name, body: row.message, url: `${baseUrl}${row.link ?? "/notifications"}` });
  }
}

/** Sends to each browser the employee subscribed; one the push service no longer knows (404, 410) is forgotten. */
async function sendPush(app: AppServices, db: ProgramDb, employeeId: number, payload: { title: string; body: string; url: string }) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = app.env;
  if (!publicKey || !privateKey) return;
  const subscriptions = await db.selectFrom("push_subscription").select(["id", "endpoint", "p256dh", "auth"]).where("employee_id", "=", employeeId).execute();
  for (const subscription of subscriptions) {
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: 24 * 60 * 60,
      });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 410) throw error;
      await db.deleteFrom("push_subscription").where("id", "=", subscription.id).execute();
    }
  }
}

/** Sends one notification by one channel. */
export const deliverNotification = defineJob({
  name: "core.deliver-notification",
  data: z.object({ notificationId: z.number().int().positive(), channel: z.enum(["EMAIL", "SMS", "PUSH"]) }),
  retries: 5,
  retryDelaySeconds: 30,
  async run({ data, db, tenant, app }) {
    await deliver(app, tenant, db, data.notificationId, data.channel);
  },
});

/**
 * Notifies people: in-app, and by the channels each wants for the type. It
 * only enqueues (in `db`'s transaction when it is one), so the request that
 * notifies 10,000 people returns at once; `key` names this notification, so
 * notifying twice under one key notifies once.
 */
export async function notify(app: AppServices, tenant: Tenant, db: ProgramDb, recipients: readonly number[], draft: NotificationDraft, key: string) {
  const checked = draftSchema.parse(draft);
  if (!app.registry.notificationGroupOf(tenant.config, checked.type)) {
    throw new Error(`Notification type "${checked.type}" is not declared by the core or a plugin this program has on`);
  }
  const unique = [...new Set(recipients)];
  for (let start = 0; start < unique.length; start += FAN_OUT_BATCH) {
    const batch = unique.slice(start, start + FAN_OUT_BATCH);
    // A batch is named by its first recipient: sending the same again is a no-op, and several
    // sends under one key (one text per group of people) never take each other's place.
    await app.jobs.enqueue(db, fanOutNotification, { ...checked, key, recipients: batch }, { key: `${key}:${batch[0]}` });
  }
}
