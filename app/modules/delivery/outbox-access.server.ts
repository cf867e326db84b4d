import { redirect } from "@remix-run/node";
import { getViewer, loginRedirectUrl, owesSecondFactor, type GuardArgs } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import { outboxPageEnabled } from "~/modules/env.server";
import type { OutboxEntry } from "./outbox.server";

/**
 * Who may read which outbox messages: nobody signed out; a program manager who
 * has finished signing in (two-factor included), and is not acting for someone
 * else, reads the program's; anyone else only messages to their own e-mail
 * address or phone, or to a number they are confirming (enough to finish their
 * own two-factor step or phone change). While acting
 * as a delegate, that is the delegate's own, never the delegator's.
 */
export async function outboxReader(args: GuardArgs): Promise<(entry: OutboxEntry) => boolean> {
  if (!outboxPageEnabled(args.context.app.env)) throw new Response("Not found", { status: 404 });
  const viewer = await getViewer(args);
  if (!viewer) throw redirect(loginRedirectUrl(args.request));
  if (!viewer.delegation && isProgramManager(viewer) && !(await owesSecondFactor(args, viewer))) return () => true;
  const person = viewer.delegation?.original.id ?? viewer.employee.id;
  const db = args.context.db;
  const [own, confirming] = await Promise.all([
    db.selectFrom("employee").select(["email", "phone_number"]).where("id", "=", person).executeTakeFirstOrThrow(),
    db.selectFrom("verification_code").select("phone_number").where("employee_id", "=", person).where("used_at", "is", null).where("expires_at", ">", new Date()).execute(),
  ]);
  const addresses = new Set(
    [own.email?.toLowerCase(), own.phone_number, ...confirming.map((code) => code.phone_number)].filter((value): value is string => Boolean(value)),
  );
  return (entry) => addresses.has(entry.to.toLowerCase());
}
