import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DelegateSchema, delegatorsOf, isDelegatorOf } from "~/modules/auth/delegation.server";
import { getSession, NOT_ALLOWED, refuseToFeed, requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { limitedPasswordCheck } from "~/modules/auth/password-check.server";

export const INCORRECT_PASSWORD = "Incorrect Password.";

export const meta: MetaFunction = () => [{ title: "Act as a delegate" }];

/** Picking whom to act for: someone who is not delegating already and has delegators. */
async function requireDelegate(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (viewer.delegation) await refuseToFeed(args, NOT_ALLOWED);
  const delegators = await delegatorsOf(args.context.db, viewer.employee.id);
  if (delegators.length === 0) await refuseToFeed(args, NOT_ALLOWED);
  return { viewer, delegators };
}

export async function loader(args: LoaderFunctionArgs) {
  const { delegators } = await requireDelegate(args);
  return json({ delegators });
}

export async function action(args: ActionFunctionArgs) {
  const { viewer } = await requireDelegate(args);
  const parsed = DelegateSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return json({ error: "Choose whom to act for" }, { status: 400 });
  const db = args.context.db;
  const { delegatorId, password } = parsed.data;
  if (!(await isDelegatorOf(db, viewer.employee.id, delegatorId))) return json({ error: "Choose whom to act for" }, { status: 400 });

  const own = await db.selectFrom("employee").select("password_hash").where("id", "=", viewer.employee.id).executeTakeFirst();
  const checked = await limitedPasswordCheck(args.context, viewer, () => verifyPassword(own?.password_hash ?? null, password), (right) => right);
  if (checked.limited) return json({ error: tooManyAttempts(checked.retryAfterSeconds, "password attempts") }, { status: 429 });
  if (!checked.result) {
    args.context.log.info({ event: "delegation_refused", delegatorId }, "wrong password for delegation");
    return json({ error: INCORRECT_PASSWORD }, { status: 401 });
  }
  const { sessions } = args.context.app;
  const session = await sessions.startFor(args.context.tenant, delegatorId, await getSession(args), {
    originalEmployeeId: viewer.employee.id,
    isAdminDelegate: false,
  });
  args.context.log.info({ event: "delegation_started", delegatorId, originalEmployeeId: viewer.employee.id }, "acting as a delegate");
  return redirect("/feed", { headers: { "Set-Cookie": await sessions.commit(session, args.request) } });
}

/** The spec's delegate dialog as a page: pick a delegator, re-enter your own password. */
export default function DelegationPage() {
  const { delegators } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Card className="p-6">
        <h1 className="mb-1 text-xl font-semibold">Act as a delegate</h1>
        <p className="mb-4 text-sm text-slate-700">Choose whom to act for and enter your own password.</p>
        {/* After a refused attempt the form is remounted, so the delegator choice is cleared, as the spec asks. */}
        <Form method="post" key={result?.error ?? "form"} className="flex flex-col gap-4">
          <ErrorList errors={result?.error ? [result.error] : null} />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Act on behalf of</legend>
            {delegators.map((delegator) => (
              <label key={delegator.id} className="flex items-center gap-2 text-sm">
                <input type="radio" name="delegatorId" value={delegator.id} required />
                {delegator.displayName}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="delegation-password">Your password</Label>
            <Input id="delegation-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <Button type="submit">Continue</Button>
        </Form>
      </Card>
    </div>
  );
}

