import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { rowIdOrNotFound } from "~/utils/row-id";
import { celebrationWithLetter, markCelebrationRead } from "../celebrations.server";
import { CelebrationLines } from "../components/celebration-banner";
import { requireMilestones } from "../guards.server";

export const meta: MetaFunction = () => [{ title: "Your celebration" }];

/** A celebration's whole text and its letter ('Click For More'): its person's only; anyone else's id is not found. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, db, viewer } = await requireMilestones(args);
  const celebration = await celebrationWithLetter(app, db, viewer.employee.id, rowIdOrNotFound(args.params.id));
  if (!celebration) throw new Response("Not found", { status: 404 });
  return json({ celebration });
}

/** The banner's close button: the celebration is read and its banner goes (the spec's POST celebration/{id}/read). */
export async function action(args: ActionFunctionArgs) {
  const { db, viewer } = await requireMilestones(args);
  if (!(await markCelebrationRead(db, viewer.employee.id, rowIdOrNotFound(args.params.id)))) throw new Response("Not found", { status: 404 });
  return redirect("/feed");
}

export default function CelebrationPage() {
  const { celebration } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/feed" className="text-sm text-brand underline">
        ← Feed
      </Link>
      <h1 className="sr-only">Your celebration</h1>
      <CelebrationLines celebration={celebration} />
      {celebration.letterHtml !== null ? <article className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm [&_a]:text-brand [&_a]:underline [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:font-semibold [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: celebration.letterHtml }} /> : null}
      {!celebration.isRead ? (
        <Form method="post">
          <Button type="submit" variant="outline">
            Close this celebration
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
