import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import { pageParam } from "~/utils/page-param";
import { NominationList } from "../components/nomination-list";
import { requireNominationApprover } from "../guards.server";
import { nominationApprovals } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Nominations | Approvals" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominationApprover(args);
  return json(await nominationApprovals({ db, viewer }, pageParam(args.request)));
}

export default function NominationApprovalsPage() {
  const { waiting, decided, page, hasMore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Nominations</h1>
      <Card>
        <CardTitle>Waiting for your decision</CardTitle>
        <NominationList caption="Nominations waiting for your decision" nominations={waiting} base="/approvals/nominations" person="both" page={1} hasMore={false} empty="No nominations are waiting for you." />
      </Card>
      <Card>
        <CardTitle>You decided</CardTitle>
        <NominationList caption="Nominations you decided" nominations={decided} base="/approvals/nominations" person="both" page={page} hasMore={hasMore} empty="You have not decided a nomination yet." />
      </Card>
    </div>
  );
}
