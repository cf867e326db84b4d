import { z } from "zod";
import { publicUrl } from "~/modules/env.server";
import { defineJob } from "~/modules/jobs/job";
import { notificationEmail } from "~/modules/notifications/email.server";
import { formatMoney } from "./pricing";

/**
 * E-mails a completed order's card to the address it was ordered for, as a
 * branded HTML e-mail with its number and PIN, when the provider does not
 * (the sandbox). A retried run may send it twice; a lost card is worse.
 */
export const emailCardJob = defineJob({
  name: "storefront.email-card",
  data: z.object({ orderId: z.number().int().positive() }),
  retries: 5,
  retryDelaySeconds: 30,
  async run({ data, db, tenant, app }) {
    const order = await db
      .selectFrom("shop_order")
      .select(["id", "email", "brand_name", "amount_cents", "currency", "credentials", "redemption_instructions"])
      .where("id", "=", data.orderId)
      .where("status", "=", "COMPLETE")
      .executeTakeFirst();
    if (!order) return;
    const { subdomain } = tenant.config;
    const message = `Here is your ${formatMoney(order.amount_cents, order.currency)} ${order.brand_name} gift card.${order.redemption_instructions ? ` ${order.redemption_instructions}` : ""}`;
    const details = (order.credentials ?? []).map(({ label, value }) => ({ label, value }));
    const email = notificationEmail(tenant.config, publicUrl(app.env, subdomain), message, `/storefront/orders/${order.id}`, {
      details,
      sentBecause: `You get this e-mail because this gift card was ordered in ${tenant.config.name} to be delivered to this address.`,
    });
    await app.mailer.send({ subdomain, to: order.email, ...email, subject: `Your ${order.brand_name} gift card` });
  },
});
