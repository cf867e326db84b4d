import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { pageParam } from "~/utils/page-param";
import { NominationList } from "../components/nomination-list";
import { NominationTabs } from "../components/nomination-parts";
import { requireNominations } from "../guards.server";
import { sentNominations } from "../read.server";

export const meta: MetaFunction = () => [{ title: "Nominations sent" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, viewer } = await requireNominations(args);
  return json({ ...(await sentNominations(db, viewer.employee.id, pageParam(args.request))), canNominate: Boolean(viewer.employee.permissions.isNominator) });
}

export default function SentNominationsPage() {
  const { nominations, page, hasMore, canNominate } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Nominations</h1>
        {canNominate ? (
          <Link to="/nomination/new" className="font-medium text-brand underline underline-offset-2">
            Nominate someone
          </Link>
        ) : null}
      </div>
      <NominationTabs current="sent" />
      <Card>
        <NominationList caption="Nominations you made" nominations={nominations} base="/nomination/sent" person="nominee" page={page} hasMore={hasMore} empty="You have not nominated anyone yet." />
      </Card>
    </div>
  );
}
