import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { LocalDate } from "~/components/local-date";
import { Card } from "~/components/ui/card";
import { listOutbox, type OutboxEntry } from "~/modules/delivery/outbox.server";
import { outboxReader } from "~/modules/delivery/outbox-access.server";

export const meta: MetaFunction = () => [{ title: "Outbox" }];

/**
 * Demo mode without SMTP or an SMS gateway: the e-mails and text messages this
 * program's people would have received, so links and codes in them can be used:
 * each person's own, and the program's for its program managers.
 */
export async function loader(args: LoaderFunctionArgs) {
  const mayRead = await outboxReader(args);
  const { DATA_DIR } = args.context.app.env;
  const { subdomain } = args.context.tenant.config;
  const [texts, mails] = await Promise.all([listOutbox(DATA_DIR, subdomain, "sms"), listOutbox(DATA_DIR, subdomain, "mail")]);
  return json({ texts: texts.filter(mayRead), mails: mails.filter(mayRead) });
}

function Recipient({ entry }: { entry: OutboxEntry }) {
  return (
    <span className="block text-sm text-slate-600">
      To {entry.to}, <LocalDate iso={entry.date} />
    </span>
  );
}

function OutboxSection({
  title,
  empty,
  entries,
  children,
}: {
  title: string;
  empty: string;
  entries: OutboxEntry[];
  children: (entry: OutboxEntry) => ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      <Card>
        {entries.length === 0 ? (
          <p className="text-slate-700">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <li key={entry.id} className="py-2">
                {children(entry)}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

export default function OutboxPage() {
  const { texts, mails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="mb-1 text-2xl font-semibold">Outbox</h1>
        <p className="text-sm text-slate-700">
          Messages are written to files here because no SMTP server or SMS gateway is configured (demo mode).
        </p>
      </div>
      <OutboxSection title="Text messages" empty="No text messages yet." entries={texts}>
        {(text) => (
          <>
            <p>{text.text}</p>
            <Recipient entry={text} />
          </>
        )}
      </OutboxSection>
      <OutboxSection title="E-mails" empty="No e-mails yet." entries={mails}>
        {(message) => (
          <>
            <Link to={`/dev/outbox/${message.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
              {message.subject}
            </Link>
            <Recipient entry={message} />
          </>
        )}
      </OutboxSection>
    </div>
  );
}
