import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { RequestedPoints, RequestStatus } from "~/components/points/requests";
import { Pager } from "~/components/ui/pager";
import { Card, CardTitle } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { requireApprover } from "~/modules/points/request-guards.server";
import { pageParam } from "~/utils/page-param";
import { approvalQueue } from "~/modules/points/requests.server";

export const meta: MetaFunction = () => [{ title: "Points requests | Approvals" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireApprover(args);
  return json(await approvalQueue({ db: args.context.db, viewer }, pageParam(args.request)));
}

type Listed = SerializeFrom<typeof loader>["pending"][number];

const columns: Column<Listed>[] = [
  {
    key: "requester",
    header: "Requested by",
    title: true,
    cell: (request) => (
      <Link to={`/approvals/points/${request.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
        {request.requester}
      </Link>
    ),
  },
  { key: "date", header: "Requested", cell: (request) => <LocalDate iso={request.created} /> },
  { key: "reason", header: "Reason", cell: (request) => <span className="line-clamp-2">{request.reason}</span> },
  { key: "status", header: "Status", cell: (request) => <RequestStatus status={request.status} /> },
  { key: "points", header: "Points", numeric: true, cell: (request) => <RequestedPoints request={request} /> },
];

export default function PointsApprovalsPage() {
  const { pending, history, page, hasMore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Points requests</h1>
      <Card>
        <CardTitle>Waiting for your decision</CardTitle>
        {pending.length === 0 ? (
          <p className="text-sm text-slate-700">No points requests are waiting for you.</p>
        ) : (
          <DataTable caption="Points requests waiting for your decision" columns={columns} rows={pending} rowKey={(request) => request.id} />
        )}
      </Card>
      <Card>
        <CardTitle>History</CardTitle>
        {history.length === 0 ? (
          <p className="text-sm text-slate-700">No points requests have been decided yet.</p>
        ) : (
          <DataTable caption="Points requests decided" columns={columns} rows={history} rowKey={(request) => request.id} />
        )}
        <Pager page={page} hasMore={hasMore} />
      </Card>
    </div>
  );
}
