import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { pageParam } from "~/utils/page-param";
import { NominationList } from "../components/nomination-list";
import { NominationTabs } from "../components/nomination-parts";
import { requireNominations } from "../guards.server";
import { receivedNominations } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Nominations received" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  return json(await receivedNominations(db, viewer.employee.id, pageParam(args.request)));
}

export default function ReceivedNominationsPage() {
  const { nominations, page, hasMore } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Nominations</h1>
      <NominationTabs current="received" />
      <Card>
        <NominationList caption="Nominations you received" nominations={nominations} base="/nomination/received" person="nominator" page={page} hasMore={hasMore} empty="You have not received a nomination yet." />
      </Card>
    </div>
  );
}
