import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { todayOf } from "./composer.server";
import { canCreateBoards, requireBoardCreator, requireBoards } from "./guards.server";
import { boardList, type BoardBox } from "./read.server";

/** A box of boards: Created for creators only (others are sent to Received), the other two for everyone. */
export async function boardListLoader(args: LoaderFunctionArgs, box: BoardBox) {
  const access = box === "created" ? await requireBoardCreator(args) : await requireBoards(args);
  const boards = await boardList(access.db, access.options, access.viewer.employee.id, box);
  return json({ box, boards, canCreate: canCreateBoards(access), today: todayOf(access) });
}
