import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PersonLink } from "~/components/people/person-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { requireViewer } from "~/modules/auth/guards.server";
import { findByEmails, groupMembersPage, isEmailList, lookUpPeople } from "~/modules/people/lookup.server";
import { MIN_QUERY_LENGTH, NO_NAMES_FOUND } from "~/modules/people/people";
import { lookupScope } from "~/modules/people/scope.server";
import { rowId } from "~/utils/row-id";

export const meta: MetaFunction = () => [{ title: "Find People" }];

function cursorOf(value: string | null) {
  const match = /^(\d+):(.+)$/s.exec(value ?? "");
  const id = rowId(match?.[1]);
  return match && id ? { id, name: match[2]! } : undefined;
}

/**
 * The header's employee lookup without JavaScript (with it, the header's
 * combobox answers as one types): people and groups whose names begin with
 * what was typed, a pasted list of e-mail addresses, or a group's members.
 */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const db = args.context.db;
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 2000);
  const groupId = rowId(url.searchParams.get("group"));
  const scope = lookupScope(viewer, args.context.app.registry, "people");
  if (groupId) {
    const page = await groupMembersPage(db, groupId, cursorOf(url.searchParams.get("after")));
    if (!page) throw new Response("Not found", { status: 404 });
    return json({ q, view: "group" as const, ...page });
  }
  if (isEmailList(q)) return json({ q, view: "emails" as const, ...(await findByEmails(db, q, scope)) });
  return json({ q, view: "lookup" as const, result: await lookUpPeople(db, q, scope) });
}

function Results() {
  const data = useLoaderData<typeof loader>();
  if (data.view === "group") {
    return (
      <section aria-labelledby="group-title">
        <h2 id="group-title" className="mb-2 text-lg font-semibold">
          {data.group.name}
        </h2>
        <ul>
          {data.members.map((person) => (
            <li key={person.id}>
              <PersonLink person={person} />
            </li>
          ))}
        </ul>
        {data.next ? (
          <Link className="mt-3 inline-block text-brand underline" to={`?group=${data.group.id}&after=${encodeURIComponent(`${data.next.id}:${data.next.name}`)}`}>
            More members
          </Link>
        ) : null}
      </section>
    );
  }
  if (data.view === "emails") {
    return (
      <section aria-label="People found">
        {data.people.length === 0 ? <p>{NO_NAMES_FOUND}</p> : null}
        <ul>
          {data.people.map((person) => (
            <li key={person.id}>
              <PersonLink person={person} />
            </li>
          ))}
        </ul>
        {data.unknown.length > 0 ? (
          <p className="mt-3 text-sm text-slate-700">
            No one has {data.unknown.length === 1 ? "this address" : "these addresses"}: {data.unknown.join(", ")}
          </p>
        ) : null}
      </section>
    );
  }
  if (!data.q) return null;
  if (data.result.tooShort) return <p>Type at least {MIN_QUERY_LENGTH} characters.</p>;
  const { people, groups } = data.result;
  if (people.length === 0 && groups.length === 0) return <p>{NO_NAMES_FOUND}</p>;
  return (
    <div className="grid gap-4">
      {people.length > 0 ? (
        <section aria-label="People">
          <ul>
            {people.map((person) => (
              <li key={person.id}>
                <PersonLink person={person} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.length > 0 ? (
        <section aria-labelledby="groups-title">
          <h2 id="groups-title" className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Groups
          </h2>
          <ul>
            {groups.map((group) => (
              <li key={group.id}>
                <Link to={`?group=${group.id}`} className="block rounded px-2 py-2 hover:bg-slate-100">
                  {group.name} <span className="text-sm text-slate-600">({group.count} people)</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export default function PeoplePage() {
  const { q } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl">
      <Card className="p-6">
        <h1 className="mb-4 text-xl font-semibold">Find People</h1>
        <Form method="get" role="search" aria-label="Search people" className="mb-4 flex gap-2">
          <label htmlFor="people-q" className="sr-only">
            Name, group or e-mail addresses
          </label>
          <Input id="people-q" name="q" type="search" defaultValue={q} placeholder="Name, group or e-mail addresses" />
          <Button type="submit">Search</Button>
        </Form>
        <Results />
      </Card>
    </div>
  );
}
