import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { formatInstant } from "~/modules/time/zones";

/** The program's time zone and the viewer's (when their browser said it), from the root loader. */
export function useTimeZones() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return { zone: root?.timeZone ?? "UTC", viewerZone: root?.viewerTimeZone ?? null };
}

/** A UTC instant by the one rule of every page (formatInstant): the server and the browser render the same text. */
export function LocalDate({ iso }: { iso: string }) {
  const { zone, viewerZone } = useTimeZones();
  return <time dateTime={iso}>{formatInstant(iso, zone, viewerZone)}</time>;
}
