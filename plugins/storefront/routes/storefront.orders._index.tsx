import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatPoints } from "~/modules/points/accounts";
import { StorefrontStep } from "../components/storefront-step";
import { ordersOf } from "../order-views.server";
import { formatMoney } from "../pricing";
import { requireShopper, spendValue } from "../shop.server";

export const meta: MetaFunction = () => [{ title: "My Orders" }];

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, points } = await requireShopper(args);
  return json({ wallet: { points, spend: spendValue(args, points) }, orders: await ordersOf(args.context.db, viewer.employee.id) });
}

const statusWords = { PENDING: "Pending", COMPLETE: "Complete", FAILED: "Failed" } as const;

type Order = SerializeFrom<typeof loader>["orders"][number];

const columns: Column<Order>[] = [
  { key: "date", header: "Ordered", cell: (order) => <LocalDate iso={order.createdAt} /> },
  {
    key: "card",
    header: "Gift card",
    title: true,
    cell: (order) => (
      <Link to={String(order.id)} className="text-brand underline">
        {order.brandName}
      </Link>
    ),
  },
  { key: "amount", header: "Amount", numeric: true, cell: (order) => formatMoney(order.amountCents, order.currency) },
  { key: "points", header: "Points", numeric: true, cell: (order) => formatPoints(order.points) },
  { key: "status", header: "Status", cell: (order) => statusWords[order.status] },
];

/** The shopper's orders with their status; each opens the order's page (its card, once complete). */
export default function MyOrdersPage() {
  const { wallet, orders } = useLoaderData<typeof loader>();
  return (
    <StorefrontStep title="My Orders" wallet={wallet} back={{ to: "/storefront", label: "Back to the shop" }} asPage>
      {orders.length === 0 ? <p>No orders yet.</p> : <DataTable caption="My orders" columns={columns} rows={orders} rowKey={(order) => order.id} />}
    </StorefrontStep>
  );
}
