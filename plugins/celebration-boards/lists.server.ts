import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { NOT_ALLOWED, refuseToFeed } from "~/modules/auth/guards.server";
import { isProgramManager } from "~/modules/auth/viewer";
import { todayOf } from "./composer.server";
import { canCreateBoards, requireBoardCreator, requireBoards } from "./guards.server";
import { boardList, type BoardBox } from "./read.server";

/** A box of boards: Created for creators only (others are sent to Received), All for program managers, the other two for everyone. */
export async function boardListLoader(args: LoaderFunctionArgs, box: BoardBox) {
  const access = box === "created" ? await requireBoardCreator(args) : await requireBoards(args);
  const seesAll = isProgramManager(access.viewer);
  if (box === "all" && !seesAll) await refuseToFeed(args, NOT_ALLOWED);
  const boards = await boardList(access.db, access.options, access.viewer.employee.id, box);
  return json({ box, boards, canCreate: canCreateBoards(access), seesAll, today: todayOf(access) });
}
