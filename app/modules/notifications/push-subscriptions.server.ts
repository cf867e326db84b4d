import type { ProgramDb } from "~/modules/db/program-db.server";

/**
 * Keeps a browser's push subscription for the employee, and records their
 * consent to push data (the spec's pushNotificationDataConsent), in one transaction.
 */
export async function savePushSubscription(db: ProgramDb, employeeId: number, subscription: { endpoint: string; p256dh: string; auth: string }) {
  await db.transaction(async (tx) => {
    await tx
      .insertInto("push_subscription", { employee_id: employeeId, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth })
      .onConflict((c) => c.columns(["program_id", "endpoint"]).doUpdateSet({ employee_id: employeeId, p256dh: subscription.p256dh, auth: subscription.auth }))
      .execute();
    const { permissions } = await tx.selectFrom("employee").select("permissions").where("id", "=", employeeId).executeTakeFirstOrThrow();
    await tx.updateTable("employee").set({ permissions: JSON.stringify({ ...permissions, pushNotificationDataConsent: true }) }).where("id", "=", employeeId).execute();
  });
}
