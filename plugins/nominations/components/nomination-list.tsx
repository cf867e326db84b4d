import { Link } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Pager } from "~/components/ui/pager";
import { DataTable, type Column } from "~/components/ui/data-table";
import type { ListedNomination } from "../read.server";
import { NominationStatus } from "./nomination-parts";

type Shown = Omit<ListedNomination, "created" | "decided"> & { created: string; decided: string | null };

/** A list of nominations: the person on the other side links to the nomination's page under `base`. */
export function NominationList({ caption, nominations, base, person, page, hasMore, empty }: { caption: string; nominations: Shown[]; base: string; person: "nominee" | "nominator" | "both"; page: number; hasMore: boolean; empty: string }) {
  if (nominations.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  const link = (nomination: Shown) => {
    const text = person === "nominator" ? nomination.nominator : person === "nominee" ? nomination.nominee : `${nomination.nominator} → ${nomination.nominee}`;
    return (
      <Link to={`${base}/${nomination.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
        {text}
        {person === "nominator" && nomination.unread ? <span className="ml-2 rounded-full bg-brand px-2 text-xs text-brand-foreground">New</span> : null}
      </Link>
    );
  };
  const columns: Column<Shown>[] = [
    { key: "who", header: person === "nominator" ? "From" : person === "nominee" ? "Nominee" : "Nomination", title: true, cell: link },
    { key: "value", header: "Core value", cell: (nomination) => nomination.coreValue },
    { key: "level", header: "Award level", cell: (nomination) => nomination.awardLevel },
    { key: "date", header: "Nominated", cell: (nomination) => <LocalDate iso={nomination.created} /> },
    { key: "status", header: "Status", cell: (nomination) => <NominationStatus status={nomination.status} /> },
  ];
  return (
    <>
      <DataTable caption={caption} columns={columns} rows={nominations} rowKey={(nomination) => nomination.id} />
      <Pager page={page} hasMore={hasMore} />
    </>
  );
}
