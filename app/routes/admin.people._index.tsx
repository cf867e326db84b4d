import { pageParam } from "~/utils/page-param";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { findPeople } from "~/modules/people/admin.server";
import { peopleStatuses, type PeopleStatus } from "~/modules/people/people-admin";
import { requirePeopleManager } from "~/modules/people/admin-guard.server";

export const meta: MetaFunction = () => [{ title: "People | Admin" }];

const STATUS_LABELS: Record<PeopleStatus, string> = { active: "Active", inactive: "Deactivated", all: "Everyone" };

export async function loader(args: LoaderFunctionArgs) {
  await requirePeopleManager(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const requested = url.searchParams.get("status");
  const status: PeopleStatus = (peopleStatuses as readonly string[]).includes(requested ?? "") ? (requested as PeopleStatus) : "active";
  const page = pageParam(args.request);
  return json({ q, status, page, ...(await findPeople(args.context.db, { q, status, page })) });
}

type Row = Awaited<ReturnType<typeof findPeople>>["people"][number];

const columns: Column<Row>[] = [
  {
    key: "name",
    header: "Name",
    title: true,
    cell: (person) => (
      <Link to={`/admin/people/${person.id}`} className="font-medium text-brand underline">
        {person.displayName}
      </Link>
    ),
  },
  { key: "login", header: "Username", cell: (person) => person.loginId },
  { key: "code", header: "Employee code", cell: (person) => person.employeeCode ?? "" },
  { key: "email", header: "E-mail", cell: (person) => <span className="break-all">{person.email ?? ""}</span> },
  { key: "title", header: "Job title", cell: (person) => person.jobTitle ?? "" },
  {
    key: "status",
    header: "Status",
    cell: (person) => [person.active ? "Active" : "Deactivated", person.employeeType === "PROGRAM_MANAGER" ? "program manager" : null].filter(Boolean).join(", "),
  },
];

export default function PeopleAdminPage() {
  const { q, status, page, people, more } = useLoaderData<typeof loader>();
  const pageLink = (to: number) => `?${new URLSearchParams({ q, status, page: String(to) })}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">People</h1>
        <p className="text-sm text-slate-700">
          Find someone to change their details, manager, groups, dates and permissions, or to deactivate them when they leave; or{" "}
          <Link to="/admin/people/import" className="text-brand underline">
            import people from a file
          </Link>
          .
        </p>
      </div>
      <Card className="p-4">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-56 flex-1 flex-col gap-1.5">
            <Label htmlFor="people-q">Name, username, e-mail or employee code</Label>
            <Input id="people-q" name="q" type="search" defaultValue={q} maxLength={200} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="people-status">Show</Label>
            <select id="people-status" name="status" defaultValue={status} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
              {peopleStatuses.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
      </Card>
      <Card className="p-4">
        {people.length === 0 ? (
          <p className="text-sm text-slate-700">{q ? "No one matches this search." : "No one here yet."}</p>
        ) : (
          <DataTable caption="People in the program" columns={columns} rows={people} rowKey={(person) => person.id} />
        )}
        {page > 1 || more ? (
          <nav aria-label="Pages of people" className="mt-4 flex gap-4 text-sm">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="text-brand underline">
                Previous page
              </Link>
            ) : null}
            {more ? (
              <Link to={pageLink(page + 1)} className="text-brand underline">
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Card>
    </div>
  );
}
