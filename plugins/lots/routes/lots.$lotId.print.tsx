import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatPoints } from "~/modules/points/accounts";
import { publicUrl } from "~/modules/env.server";
import { calendarDayIn } from "~/modules/time/zones";
import { requireLotWithCodes } from "../guards.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Lot ${data.lotCode} codes` : "Lot codes" }];

export async function loader(args: LoaderFunctionArgs) {
  const { lot, codes } = await requireLotWithCodes(args);
  return json({
    lotCode: lot.lot_code,
    name: lot.name,
    expiresOn: calendarDayIn(lot.expires_at, args.context.tenant.config.program.timeZone),
    // Where a card's holder types the code in: the program's own redeem page.
    redeemAt: `${publicUrl(args.context.app.env, args.context.tenant.config.subdomain)}/redeem`,
    codes: codes.map((code) => ({ code: `${code.code.slice(0, 5)}-${code.code.slice(5)}`, points: code.points })),
  });
}

/** A printable sheet of the lot's codes, one card each; the shell hides itself in print. */
export default function PrintLotPage() {
  const { lotCode, name, expiresOn, redeemAt, codes } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="mb-4 flex items-center justify-between print:hidden">
        <Link to="/create-lot" className="text-sm text-brand">
          ← Create Lots
        </Link>
        <p className="text-sm text-slate-700">Use your browser's Print command to print these codes.</p>
      </div>
      <h1 className="mb-4 text-xl font-semibold">
        {name} · lot {lotCode}
      </h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 print:grid-cols-3">
        {codes.map((code) => (
          <li key={code.code} className="break-inside-avoid rounded border border-dashed border-slate-400 bg-white p-3 text-center">
            <span className="block font-mono text-lg tracking-wider">{code.code}</span>
            <span className="block text-sm">{formatPoints(code.points)} points</span>
            <span className="block text-xs text-slate-600">Redeem by {expiresOn} at</span>
            <span className="block break-all text-xs text-slate-600">{redeemAt}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
