import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { readOutboxEntry } from "~/modules/delivery/outbox.server";
import { outboxReader } from "~/modules/delivery/outbox-access.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.message.subject ?? "Outbox" }];

export async function loader(args: LoaderFunctionArgs) {
  const mayRead = await outboxReader(args);
  const { context, params } = args;
  const message = await readOutboxEntry(context.app.env.DATA_DIR, context.tenant.config.subdomain, "mail", params.id ?? "");
  if (!message || !mayRead(message)) throw new Response("Not found", { status: 404 });
  return json({ message });
}

/** One e-mail as plain text; its links are made clickable. */
export default function OutboxMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/dev/outbox" className="text-sm text-brand">
        ← Outbox
      </Link>
      <Card className="mt-2">
        <h1 className="mb-1 text-xl font-semibold">{message.subject}</h1>
        <p className="mb-4 text-sm text-slate-600">
          To {message.to}, <LocalDate iso={message.date} />
        </p>
        <div className="whitespace-pre-wrap text-sm">
          {message.text.split(/(https?:\/\/\S+)/).map((part, index) =>
            /^https?:\/\//.test(part) ? (
              <a key={index} href={part} className="break-all text-brand underline">
                {part}
              </a>
            ) : (
              part
            ),
          )}
        </div>
      </Card>
    </div>
  );
}
