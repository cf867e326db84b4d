import { getInputProps } from "@conform-to/react";
import { rowIdOrNotFound } from "~/utils/row-id";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DecisionForm } from "~/components/approvals/decision-form";
import { Field } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { RequestedPoints, RequestFacts, RequestHistory, RequestStatus } from "~/components/points/requests";
import { Card, CardTitle } from "~/components/ui/card";
import { formConstraint } from "~/modules/forms/constraint.server";
import { formatPoints } from "~/modules/points/accounts";
import { requireApprover } from "~/modules/points/request-guards.server";
import { DecisionSchema } from "~/modules/points/request-schemas.server";
import { DECISION_COMMENT_MAX } from "~/modules/points/requests";
import { decideRequest, requestToDecide } from "~/modules/points/requests.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { useCheckedForm } from "~/utils/use-checked-form";

export const meta: MetaFunction = () => [{ title: "Points request | Approvals" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireApprover(args);
  const found = await requestToDecide(args.context.db, viewer, rowIdOrNotFound(args.params.id));
  if (!found) throw new Response("Not found", { status: 404 });
  return json({ ...found, constraint: formConstraint(DecisionSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireApprover(args);
  const id = rowIdOrNotFound(args.params.id);
  const submission = parseWithZod(await args.request.formData(), { schema: DecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const decision = submission.value.intent === "approve" ? { action: "APPROVE" as const, ...submission.value } : { action: "DENY" as const, ...submission.value };
  const { context } = args;
  const result = await decideRequest(context.app, context.tenant, context.db, viewer, id, decision);
  switch (result.status) {
    case "NOT_FOUND":
      throw new Response("Not found", { status: 404 });
    case "DECIDED_ALREADY":
      return redirectWithToast(args, `/approvals/points/${id}`, { type: "warning", message: "This request was already decided." });
    case "BUCKET_SHORT":
      return json(
        { result: submission.reply({ formErrors: [`The program's bucket holds only ${formatPoints(result.bucket)} points: approve fewer, or ask a program manager to add points.`] }) },
        { status: 409 },
      );
    case "DONE":
      context.log.info({ event: "points_request_decided", request: id, approved: result.amount }, "points request decided");
      return redirectWithToast(args, "/approvals/points", {
        type: "success",
        message: result.amount === null ? `You denied ${result.requesterName}'s request.` : `You approved ${formatPoints(result.amount)} points for ${result.requesterName}.`,
      });
  }
}

export default function PointsApprovalPage() {
  const { request, history, earlier, bucket, canDecide, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof DecisionSchema>("decision", constraint, useActionData<typeof action>()?.result, { amount: String(request.amountRequested) });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/approvals/points" className="text-sm text-brand">
        ← Points requests
      </Link>
      <Card>
        <h1 className="mb-4 text-xl font-semibold">{request.requester}'s points request</h1>
        <RequestFacts request={request} withRequester />
        <p className="mt-4 text-sm text-slate-700">
          The program's bucket holds <strong>{formatPoints(bucket)}</strong> points.
        </p>
      </Card>
      {canDecide ? (
        <DecisionForm form={form} comment={fields.comment} commentLabel="Comment for the requester" commentMax={DECISION_COMMENT_MAX} denyNote="A comment is needed to deny the request.">
          <div className="max-w-48">
            <Field label="Points to approve" inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "numeric", autoComplete: "off" }} errors={fields.amount.errors} />
          </div>
        </DecisionForm>
      ) : null}
      <Card>
        <CardTitle>History</CardTitle>
        <RequestHistory lines={history} />
      </Card>
      <Card>
        <CardTitle>{request.requester}'s earlier requests</CardTitle>
        {earlier.length === 0 ? (
          <p className="text-sm text-slate-700">This is their first request.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {earlier.map((previous) => (
              <li key={previous.id} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
                <span>
                  <LocalDate iso={previous.created} />: {previous.reason}
                </span>
                <span className="flex items-center gap-2">
                  <RequestStatus status={previous.status} />
                  <RequestedPoints request={previous} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
