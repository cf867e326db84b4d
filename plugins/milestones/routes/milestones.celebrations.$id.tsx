import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { MarkdownArticle } from "~/components/markdown-article";
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
      {celebration.letterHtml !== null ? <MarkdownArticle html={celebration.letterHtml} /> : null}
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
