import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { formatInZone } from "~/modules/time/zones";
import { useHydrated } from "~/utils/use-hydrated";

const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A UTC instant: in the program's time zone, naming it, as the server renders it
 * (and as it stays without JavaScript); in the viewer's own zone once JavaScript runs.
 */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.timeZone ?? "UTC";
  return <time dateTime={iso}>{hydrated ? local.format(new Date(iso)) : formatInZone(iso, timeZone)}</time>;
}
