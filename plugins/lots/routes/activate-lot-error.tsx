import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { formatPoints } from "~/modules/points/accounts";
import { balanceOf } from "~/modules/points/ledger.server";
import { requireLotsPermission } from "../guards.server";
import { normalizeLotCode } from "../format";
import { findLotByCode } from "../service.server";

export const meta: MetaFunction = () => [{ title: "Lot could not be activated" }];

/** The spec's ActivateLotError: a lot the program's bucket cannot fund. Its figures come from the server. */
export async function loader(args: LoaderFunctionArgs) {
  await requireLotsPermission(args, "canActivateLots");
  const lotCode = normalizeLotCode(new URL(args.request.url).searchParams.get("lot") ?? "");
  const db = args.context.db;
  const lot = lotCode ? await findLotByCode(db, lotCode) : undefined;
  if (!lot || lot.status !== "CREATED") throw redirect("/activate-lot");
  return json({
    lotCode: lot.lot_code,
    lotPointsValue: lot.code_count * lot.points_per_code,
    bucket: await balanceOf(db, { kind: "PROGRAM_BUCKET" }),
  });
}

export default function ActivateLotErrorPage() {
  const { lotCode, lotPointsValue, bucket } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md">
      <Card className="p-6">
        <h1 className="mb-3 text-xl font-semibold">Lot {lotCode} could not be activated</h1>
        <p className="mb-4 text-slate-700">
          Activating this lot moves its full value from the program's points bucket, and the bucket does not hold enough points.
        </p>
        <dl className="mb-4 grid grid-cols-[10rem_1fr] gap-y-1 text-sm">
          <dt className="text-slate-600">Lot</dt>
          <dd className="font-mono">{lotCode}</dd>
          <dt className="text-slate-600">Points needed</dt>
          <dd>{formatPoints(lotPointsValue)}</dd>
          <dt className="text-slate-600">Points in the bucket</dt>
          <dd>{formatPoints(bucket)}</dd>
        </dl>
        <p className="mb-4 text-sm text-slate-700">
          Ask your program manager to add points to the bucket (Program Settings, Points bucket), then activate the lot again.
        </p>
        <Link to="/activate-lot" className="font-medium text-brand underline">
          Back to Activate Lot
        </Link>
      </Card>
    </div>
  );
}
