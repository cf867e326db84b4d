import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getSession } from "~/modules/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Sign out" }];

/** Signing out is a POST (the profile menu's form); GET /logout asks first, since no GET changes data. */
export async function action(args: ActionFunctionArgs) {
  const session = await getSession(args);
  const employeeId = session.get("employeeId");
  if (employeeId) args.context.log.info({ event: "logout", employeeId }, "signed out");
  return redirect("/login", { headers: { "Set-Cookie": await args.context.app.sessions.destroy(session, args.request) } });
}

export default function LogoutPage() {
  return (
    <div className="flex justify-center px-4 py-12">
      <Card className="w-full max-w-sm p-8 text-center">
        <h1 className="mb-4 text-xl font-semibold">Sign out?</h1>
        <Form method="post" reloadDocument>
          <Button type="submit">Sign out</Button>
        </Form>
      </Card>
    </div>
  );
}
