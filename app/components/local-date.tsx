import { useHydrated } from "~/utils/use-hydrated";

const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A UTC instant, shown in the viewer's time zone once JavaScript runs (in UTC, and saying so, before). */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  return <time dateTime={iso}>{hydrated ? local.format(date) : `${utc.format(date)} UTC`}</time>;
}
