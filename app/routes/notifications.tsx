import { redirect, json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Cards } from "~/components/shell/sidebars";
import { loadCards, type LoadedCard } from "~/modules/shell/sidebars.server";
import { requireViewer } from "~/modules/auth/guards.server";
import { markAllRead, markRead, notificationPage } from "~/modules/notifications/centre.server";
import { rowId } from "~/utils/row-id";
import { cn } from "~/utils/cn";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";

export const meta: MetaFunction = () => [{ title: "Notifications" }];

/** The notification centre: newest first, 50 a page, paged by the last id seen (works without JavaScript). */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const before = rowId(new URL(args.request.url).searchParams.get("before")) ?? undefined;
  // What plugins put first (open awards), on the first page only.
  const [page, first] = await Promise.all([notificationPage(args.context.db, viewer.employee.id, before), before ? ([] as LoadedCard[]) : loadCards(args, viewer, "notifications")]);
  return json({ ...page, first });
}

export async function action(args: ActionFunctionArgs) {
  const viewer = await requireViewer(args);
  const form = await args.request.formData();
  const db = args.context.db;
  const id = rowId(String(form.get("id") ?? ""));
  if (form.get("intent") === "read-all") await markAllRead(db, viewer.employee.id);
  else if (id) await markRead(db, viewer.employee.id, id);
  const url = new URL(args.request.url);
  return redirect(`${url.pathname}${url.search}`);
}

export const clientLoader = loadWithSlots;

export default function NotificationsPage() {
  const { items, next, first } = useLoaderData<typeof loader>();
  const unread = items.filter((item) => !item.isRead).length;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Cards cards={first} />
      <Card className="p-6">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h1 className="text-xl font-semibold">Notifications</h1>
          {unread > 0 ? (
            <Form method="post">
              <Button type="submit" name="intent" value="read-all" variant="outline">
                Mark all as read
              </Button>
            </Form>
          ) : null}
        </div>
        {items.length === 0 ? <p className="text-slate-700">You have no notifications yet.</p> : null}
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.id} className={cn("flex items-start gap-3 py-3", !item.isRead && "font-medium")}>
              <span aria-hidden className={cn("mt-2 size-2 shrink-0 rounded-full", item.isRead ? "bg-transparent" : "bg-brand")} />
              <div className="min-w-0 flex-1">
                {!item.isRead ? <span className="sr-only">Unread: </span> : null}
                {item.link ? (
                  <Link to={item.link} className="text-slate-900 underline-offset-2 hover:underline">
                    {item.message}
                  </Link>
                ) : (
                  <span>{item.message}</span>
                )}
                <p className="text-sm font-normal text-slate-600">
                  <LocalDate iso={item.created} />
                </p>
              </div>
              {!item.isRead ? (
                <Form method="post">
                  <input type="hidden" name="id" value={item.id} />
                  <Button type="submit" name="intent" value="read" variant="ghost" size="sm" aria-label={`Mark as read: ${item.message}`}>
                    Mark as read
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {next ? (
          <Link to={`?before=${next}`} className="mt-4 inline-block text-brand underline">
            Older notifications
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
