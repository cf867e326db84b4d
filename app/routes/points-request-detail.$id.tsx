import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { rowIdOrNotFound } from "~/utils/row-id";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { RequestFacts, RequestHistory } from "~/components/points/requests";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireRequester } from "~/modules/points/request-guards.server";
import { cancelRequest, ownRequest } from "~/modules/points/requests.server";
import { redirectWithToast } from "~/modules/shell/toast.server";

export const meta: MetaFunction = () => [{ title: "Points request" }];

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireRequester(args);
  const found = await ownRequest(args.context.db, viewer.employee.id, rowIdOrNotFound(args.params.id));
  if (!found) throw new Response("Not found", { status: 404 });
  return json(found);
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireRequester(args);
  const id = rowIdOrNotFound(args.params.id);
  const cancelled = await cancelRequest(args.context.db, viewer, id);
  return redirectWithToast(
    args,
    `/points-request-detail/${id}`,
    cancelled ? { type: "success", message: "Your request was cancelled." } : { type: "warning", message: "This request was already decided, so it can no longer be cancelled." },
  );
}

export default function PointsRequestDetailPage() {
  const { request, history } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <Link to="/points-request" className="text-sm text-brand">
        ← Your requests
      </Link>
      <Card>
        <h1 className="mb-4 text-xl font-semibold">Points request</h1>
        <RequestFacts request={request} />
        {request.status === "PENDING" ? (
          <Form method="post" className="mt-4">
            <Button type="submit" variant="outline">
              Cancel request
            </Button>
          </Form>
        ) : null}
      </Card>
      <Card>
        <CardTitle>History</CardTitle>
        <RequestHistory lines={history} />
      </Card>
    </div>
  );
}
