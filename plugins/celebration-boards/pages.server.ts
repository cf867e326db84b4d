import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { refuseToFeed } from "~/modules/auth/guards.server";
import { rowId } from "~/utils/row-id";
import { todayOf } from "./composer.server";
import { requireBoards } from "./guards.server";
import { boardRole, readBoard } from "./read.server";

export const BOARD_NOT_FOUND = "That celebration board can't be found.";

/** A board page: the board and what the viewer is to it; a board they may not see (or none) sends them to /feed, as the spec's failed board does. */
export async function requireBoardPage(args: LoaderFunctionArgs) {
  const access = await requireBoards(args);
  const id = rowId(args.params.id);
  const board = id === null ? null : await readBoard(access.db, access.options, { id });
  const today = todayOf(access);
  const role = board ? boardRole(access.viewer, board, today) : null;
  if (!board || !role?.sees) return refuseToFeed(args, BOARD_NOT_FOUND);
  return { access, board, role, today };
}

/** A page that changes an open board (edit, invite): its creator's or a program manager's; a delivered board's page instead. */
export async function requireOpenBoardManager(args: LoaderFunctionArgs) {
  const page = await requireBoardPage(args);
  if (!page.role.manages) return refuseToFeed(args, BOARD_NOT_FOUND);
  if (page.board.status !== "OPEN") throw redirect(`/celebration-board/${page.board.id}`);
  return page;
}

/** The parties a write on the board names (notifications, the feed). */
export function partiesOf(board: Awaited<ReturnType<typeof requireBoardPage>>["board"]) {
  return { id: board.id, title: board.title, category: board.category, creatorId: board.creator.id, creatorName: board.creator.displayName, recipientId: board.recipient.id, recipientName: board.recipient.displayName };
}
