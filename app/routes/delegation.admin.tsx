import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { EMPLOYEE_SEARCH_MIN, searchEmployees } from "~/modules/auth/delegation.server";
import { getSession, NOT_ALLOWED, refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Act as an employee" }];

/** The spec: an admin may look up an employee and act as them (an admin delegate). */
async function requireAdmin(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!viewer.employee.permissions.admin || viewer.delegation) await refuseToFeed(args, NOT_ALLOWED);
  return viewer;
}

export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireAdmin(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 100);
  const results = q.trim().length >= EMPLOYEE_SEARCH_MIN ? await searchEmployees(args.context.db, q) : [];
  return json({ q, results: results.filter((r) => r.id !== viewer.employee.id), tooShort: q.length > 0 && q.trim().length < EMPLOYEE_SEARCH_MIN });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireAdmin(args);
  const employeeId = Number(new URLSearchParams(await args.request.text()).get("employeeId"));
  const target = Number.isSafeInteger(employeeId)
    ? await args.context.db.selectFrom("employee").select("id").where("id", "=", employeeId).where("active", "=", true).executeTakeFirst()
    : undefined;
  if (!target || target.id === viewer.employee.id) return redirect("/delegation/admin");
  const { sessions } = args.context.app;
  const session = await sessions.startFor(args.context.tenant, target.id, await getSession(args), {
    originalEmployeeId: viewer.employee.id,
    isAdminDelegate: true,
  });
  args.context.log.warn({ event: "admin_delegation_started", targetId: target.id, originalEmployeeId: viewer.employee.id }, "admin acting as an employee");
  return redirect("/feed", { headers: { "Set-Cookie": await sessions.commit(session, args.request) } });
}

export default function AdminDelegationPage() {
  const { q, results, tooShort } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Act as an employee</h1>
        <p className="mb-4 text-sm text-slate-700">
          Find someone to see and act in the program as they do. Everything you do is recorded under both names; sign out to finish.
        </p>
        <Form method="get" className="mb-4 flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="employee-search">Name, username or e-mail</Label>
            <Input id="employee-search" name="q" defaultValue={q} minLength={EMPLOYEE_SEARCH_MIN} maxLength={100} />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        {tooShort ? <p className="text-sm text-slate-700">Type at least {EMPLOYEE_SEARCH_MIN} characters.</p> : null}
        {q && !tooShort && results.length === 0 ? <p className="text-sm text-slate-700">No names found.</p> : null}
        <ul className="divide-y divide-slate-100">
          {results.map((result) => (
            <li key={result.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="block font-medium">{result.displayName}</span>
                <span className="block text-sm text-slate-600">
                  {result.loginId}
                  {result.jobTitle ? `, ${result.jobTitle}` : ""}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="employeeId" value={result.id} />
                <Button type="submit" size="sm" aria-label={`Act as ${result.displayName}`}>
                  Act as
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
