import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { RequestedPoints, RequestStatus } from "~/components/points/requests";
import { Pager } from "~/components/ui/pager";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formConstraint } from "~/modules/forms/constraint.server";
import { formatPoints } from "~/modules/points/accounts";
import { viewerPointsSummary } from "~/modules/points/ledger.server";
import { requireRequester } from "~/modules/points/request-guards.server";
import { pageParam } from "~/utils/page-param";
import { PointsRequestSchema } from "~/modules/points/request-schemas.server";
import { REQUEST_REASON_MAX } from "~/modules/points/requests";
import { createRequest, requestsOf } from "~/modules/points/requests.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Request More Points" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireRequester(args);
  const db = args.context.db;
  const [summary, list] = await Promise.all([viewerPointsSummary({ db, viewer }), requestsOf(db, viewer.employee.id, pageParam(args.request))]);
  return json({
    pointsToGive: summary.discretionaryPointsAvailable,
    ...list,
    // A fresh key per page view: a form posted twice (a double click, a retry) makes one request.
    formKey: crypto.randomUUID(),
    constraint: formConstraint(PointsRequestSchema),
  });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireRequester(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: PointsRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { context } = args;
  const formKey = String(formData.get("formKey") ?? "").slice(0, 100) || crypto.randomUUID();
  const id = await createRequest(context.app, context.tenant, context.db, viewer, { ...submission.value, formKey });
  context.log.info({ event: "points_requested", request: id, amount: submission.value.amount }, "points to give requested");
  return redirectWithToast(args, `/points-request-detail/${id}`, { type: "success", message: `Your request for ${formatPoints(submission.value.amount)} points was sent for approval.` });
}

type Listed = SerializeFrom<typeof loader>["requests"][number];

const columns: Column<Listed>[] = [
  {
    key: "date",
    header: "Requested",
    title: true,
    cell: (request) => (
      <Link to={`/points-request-detail/${request.id}`} className="text-brand underline-offset-2 hover:underline">
        <LocalDate iso={request.created} />
      </Link>
    ),
  },
  { key: "reason", header: "Reason", cell: (request) => <span className="line-clamp-2">{request.reason}</span> },
  { key: "status", header: "Status", cell: (request) => <RequestStatus status={request.status} /> },
  { key: "points", header: "Points", numeric: true, cell: (request) => <RequestedPoints request={request} /> },
];

export default function PointsRequestPage() {
  const { pointsToGive, requests, page, hasMore, formKey, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof PointsRequestSchema>("points-request", constraint, useActionData<typeof action>()?.result);
  const sending = useNavigation().formMethod === "POST";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Request More Points</h1>
        <p className="text-sm text-slate-700">
          You have <strong>{formatPoints(pointsToGive)}</strong> points to give. Ask for more, and say what they are for: your approver decides.
        </p>
      </div>
      <Card>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="formKey" value={formKey} />
          <div className="max-w-48">
            <Field label="Points" inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "numeric", autoComplete: "off" }} errors={fields.amount.errors} />
          </div>
          <TextAreaField label="What are they for?" props={{ ...getTextareaProps(fields.reason), maxLength: REQUEST_REASON_MAX }} errors={fields.reason.errors} />
          <Button type="submit" className="self-start" disabled={sending}>
            Send request
          </Button>
        </Form>
      </Card>
      <Card>
        <CardTitle>Your requests</CardTitle>
        {requests.length === 0 ? (
          <p className="text-sm text-slate-700">You have not asked for points yet.</p>
        ) : (
          <DataTable caption="Your points requests" columns={columns} rows={requests} rowKey={(request) => request.id} />
        )}
        <Pager page={page} hasMore={hasMore} />
      </Card>
    </div>
  );
}
