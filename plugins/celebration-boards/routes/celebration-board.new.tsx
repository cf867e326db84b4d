import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { createBoard } from "../boards.server";
import { BoardComposer } from "../components/board-composer";
import { checkNewBoard, newBoardStep } from "../composer.server";
import { requireBoardCreator } from "../guards.server";

export const meta: MetaFunction = () => [{ title: "New celebration board" }];

export async function loader(args: LoaderFunctionArgs) {
  const access = await requireBoardCreator(args);
  return json({ view: await newBoardStep(access, new URL(args.request.url).searchParams) });
}

/** Makes the board once its form passes every check; its page then asks whom to invite. */
export async function action(args: ActionFunctionArgs) {
  const access = await requireBoardCreator(args);
  const checked = await checkNewBoard(access, await args.request.formData());
  if (!checked.ok) return json({ view: checked.view }, { status: 400 });
  const id = await createBoard(access.db, access.viewer.employee.id, checked.input);
  args.context.log.info({ event: "celebration_board_created", boardId: id }, "celebration board created");
  return redirectWithToast(args, `/celebration-board/${id}/invite`, { type: "success", message: "Your board is ready: invite the people who should write on it." });
}

export default function NewBoardPage() {
  const { view } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A new form per navigation only: a refused submit must not reset what was typed.
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">New celebration board</h1>
      <Card className="p-4">
        <BoardComposer key={key} view={refused?.view ?? view} />
      </Card>
    </div>
  );
}
