import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { updateBoard } from "../boards.server";
import { BoardFields } from "../components/board-fields";
import { boardFieldChoices, checkBoardEdit } from "../composer.server";
import type { BoardDraft } from "../draft";
import { requireOpenBoardManager } from "../pages.server";

export const meta: MetaFunction = () => [{ title: "Edit celebration board" }];

function formOf(page: Awaited<ReturnType<typeof requireOpenBoardManager>>, draft: BoardDraft, errors: Record<string, string[]> = {}) {
  return { id: page.board.id, title: page.board.title, draft, errors, ...boardFieldChoices(page.access, page.board.category) };
}

export async function loader(args: LoaderFunctionArgs) {
  const page = await requireOpenBoardManager(args);
  const { board } = page;
  return json(formOf(page, { selection: { named: [], pointed: [] }, category: board.category, title: board.title, message: board.message, closesOn: board.closesOn, key: "" }));
}

export async function action(args: ActionFunctionArgs) {
  const page = await requireOpenBoardManager(args);
  const checked = checkBoardEdit(page.access, await args.request.formData(), page.board.category);
  if (!checked.ok) return json(formOf(page, checked.draft, checked.errors), { status: 400 });
  const updated = await updateBoard(page.access.db, page.board.id, checked.changes);
  return redirectWithToast(args, `/celebration-board/${page.board.id}`, updated ? { type: "success", message: "The board was saved." } : { type: "error", message: "This board can no longer be changed." });
}

export default function EditBoardPage() {
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() ?? loaded;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Edit “{data.title}”</h1>
      <Card className="p-4">
        <Form method="post" className="flex flex-col gap-4" aria-label="Edit celebration board">
          <BoardFields draft={data.draft} errors={data.errors} categories={data.categories} today={data.today} latest={data.latest} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="ghost">
              <Link to={`/celebration-board/${data.id}`}>Cancel</Link>
            </Button>
            <Button type="submit">Save board</Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
