import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/utils/csv";
import { requireLotWithCodes } from "../guards.server";

/** The lot report: which codes were redeemed, by whom and when (UTC). */
export async function loader(args: LoaderFunctionArgs) {
  const { lot, codes } = await requireLotWithCodes(args);
  const csv = toCsv(
    ["lot_code", "code", "points", "status", "redeemed_at_utc", "redeemed_by", "redeemed_by_login"],
    codes.map((code) => [
      lot.lot_code,
      `${code.code.slice(0, 5)}-${code.code.slice(5)}`,
      code.points,
      code.redeemed_at ? "REDEEMED" : lot.status === "ACTIVATED" ? "OPEN" : "NOT_ACTIVATED",
      code.redeemed_at?.toISOString() ?? null,
      code.redeemed_by_name,
      code.redeemed_by_login,
    ]),
  );
  return csvResponse(`lot-${lot.lot_code}-report.csv`, csv);
}
