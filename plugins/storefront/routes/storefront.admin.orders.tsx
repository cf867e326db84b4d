import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { requireProgramManager } from "~/modules/auth/guards.server";
import { formatPoints } from "~/modules/points/accounts";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { programOrders, settleForm } from "../admin-orders.server";
import { attemptPlacement, refundPendingOrder, type RefundOutcome } from "../orders.server";
import { formatMoney } from "../pricing";
import type { OrderStatus } from "../schema";

export const meta: MetaFunction = () => [{ title: "Gift card orders" }];

const statuses: Record<OrderStatus, string> = { PENDING: "Pending", COMPLETE: "Complete", FAILED: "Failed" };
const isStatus = (value: string | null): value is OrderStatus => value !== null && Object.hasOwn(statuses, value);

/** The program's orders for its managers: each one's status and, for a failed one, the provider's reason. */
export async function loader(args: LoaderFunctionArgs) {
  await requireProgramManager(args);
  const url = new URL(args.request.url);
  const wanted = url.searchParams.get("status");
  const status = isStatus(wanted) ? wanted : null;
  const before = Number(url.searchParams.get("before")) || null;
  return json({ status, ...(await programOrders(args.context.db, { status, before })) });
}

const refundMessages: Record<RefundOutcome, { type: "success" | "error"; message: string }> = {
  REFUNDED: { type: "success", message: "The provider has no such order: its points are back with the employee." },
  PLACED: { type: "success", message: "The provider had placed the order: it is complete, and the card is on its way." },
  BUSY: { type: "error", message: "The provider is being asked about this order right now: try again in two minutes." },
  UNREACHABLE: { type: "error", message: "The provider could not be asked whether it has this order: nothing was changed. Try again later." },
  SETTLED: { type: "error", message: "That order is already settled." },
};

/** A pending order (the provider never answered): ask the provider again, or refund it once the provider says it has none. */
export async function action(args: ActionFunctionArgs) {
  await requireProgramManager(args);
  const parsed = settleForm.safeParse(Object.fromEntries(await args.request.formData()));
  const back = (toast: { type: "success" | "error"; message: string }) => redirectWithToast(args, "/storefront/admin/orders?status=PENDING", toast);
  if (!parsed.success) return back({ type: "error", message: "Choose an order and what to do with it." });
  const { app, tenant, db, log } = args.context;
  const run = { app, tenant, db, log };
  const { intent, id } = parsed.data;
  const exists = await db.selectFrom("shop_order").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) return back({ type: "error", message: "That order is not in this program." });
  log.info({ event: "storefront_order_settled_by_manager", orderId: id, intent }, "program manager settles an order");
  if (intent === "refund") return back(refundMessages[await refundPendingOrder(run, id)]);
  const status = await attemptPlacement(run, id);
  return back(
    status === "COMPLETE"
      ? { type: "success", message: "The order is complete, and the card is on its way." }
      : status === "FAILED"
        ? { type: "success", message: "The provider declined the order: its points are back with the employee." }
        : { type: "error", message: "The provider did not answer yet: the order stays pending." },
  );
}

type Order = SerializeFrom<typeof loader>["orders"][number];

function SettleButtons({ order }: { order: Order }) {
  const busy = useNavigation().state !== "idle";
  if (order.status !== "PENDING") return order.failureReason ? <span className="font-mono text-xs">{order.failureReason}</span> : null;
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={order.id} />
      <Button type="submit" name="intent" value="retry" size="sm" variant="outline" disabled={busy} aria-label={`Ask the provider again about order ${order.id}`}>
        Ask again
      </Button>
      <Button type="submit" name="intent" value="refund" size="sm" variant="outline" disabled={busy} aria-label={`Refund order ${order.id}`}>
        Refund
      </Button>
    </Form>
  );
}

const columns: Column<Order>[] = [
  { key: "order", header: "Order", title: true, cell: (order) => `#${order.id}` },
  { key: "date", header: "Placed", cell: (order) => <LocalDate iso={order.createdAt} /> },
  { key: "who", header: "Employee", cell: (order) => order.name },
  { key: "card", header: "Gift card", cell: (order) => order.brandName },
  { key: "amount", header: "Amount", numeric: true, cell: (order) => formatMoney(order.amountCents, order.currency) },
  { key: "points", header: "Points", numeric: true, cell: (order) => formatPoints(order.points) },
  { key: "status", header: "Status", cell: (order) => statuses[order.status] },
  { key: "settle", header: "Reason or action", cell: (order) => <SettleButtons order={order} /> },
];

export default function AdminOrdersPage() {
  const { status, orders, next } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Gift card orders</h1>
      <nav aria-label="Order status" className="flex flex-wrap gap-3 text-sm">
        {[null, ...Object.keys(statuses)].map((value) => (
          <Link key={value ?? "all"} to={value ? `?status=${value}` : "?"} aria-current={status === value ? "page" : undefined} className="text-brand underline aria-[current=page]:font-semibold aria-[current=page]:no-underline">
            {value ? statuses[value as OrderStatus] : "All"}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-700">
        A pending order is one the provider has not answered. Ask again places it if it can; Refund asks the provider whether it has the order, and returns
        the points only if it has none.
      </p>
      <Card>
        {orders.length === 0 ? <p>No orders.</p> : <DataTable caption="Gift card orders" columns={columns} rows={orders} rowKey={(order) => order.id} />}
        {next ? (
          <p className="mt-3">
            <Link to={`?${status ? `status=${status}&` : ""}before=${next}`} className="text-brand underline">
              Older orders
            </Link>
          </p>
        ) : null}
      </Card>
    </div>
  );
}
