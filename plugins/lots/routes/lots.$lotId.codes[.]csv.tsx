import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarDayIn } from "~/modules/time/zones";
import { csvResponse, toCsv } from "~/utils/csv";
import { requireLotWithCodes } from "../guards.server";

/** Every code of a lot, for printing or mailing outside the app. */
export async function loader(args: LoaderFunctionArgs) {
  const { lot, codes } = await requireLotWithCodes(args);
  const csv = toCsv(
    ["lot_code", "lot_name", "code", "points", "expires_on"],
    codes.map((code) => [lot.lot_code, lot.name, `${code.code.slice(0, 5)}-${code.code.slice(5)}`, code.points, calendarDayIn(code.expires_at, args.context.tenant.config.program.timeZone)]),
  );
  args.context.log.info({ event: "lot_codes_exported", lotId: lot.id }, "lot codes exported");
  return csvResponse(`lot-${lot.lot_code}-codes.csv`, csv);
}
