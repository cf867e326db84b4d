import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { listOutbox } from "~/modules/delivery/mailer.server";
import { outboxPageEnabled } from "~/modules/env.server";

export const meta: MetaFunction = () => [{ title: "Outbox" }];

/** Demo mode without SMTP: the e-mails this program's people would have received, so links in them can be followed. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!outboxPageEnabled(context.app.env)) throw new Response("Not found", { status: 404 });
  return json({ messages: await listOutbox(context.app.env.DATA_DIR, context.tenant.config.subdomain) });
}

export default function OutboxPage() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-1 text-2xl font-semibold">Outbox</h1>
      <p className="mb-4 text-sm text-slate-700">E-mails are written to files here because no SMTP server is configured (demo mode).</p>
      <Card>
        {messages.length === 0 ? (
          <p className="text-slate-700">No e-mails yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {messages.map((message) => (
              <li key={message.id} className="py-2">
                <Link to={`/dev/outbox/${message.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                  {message.subject}
                </Link>
                <span className="block text-sm text-slate-600">
                  To {message.to}, <LocalDate iso={message.date} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
