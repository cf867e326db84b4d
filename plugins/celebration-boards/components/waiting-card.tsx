import { Link } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import { calendarDayText } from "~/modules/time/calendar-days";
import type { WaitingBoard } from "../read.server";
import { BOARDS } from "./board-parts";

/** The notifications page's card: the boards waiting for the viewer's message, closing soonest first; nothing when none waits. */
export function WaitingBoardsCard({ data }: { data: { boards: WaitingBoard[] } }) {
  if (data.boards.length === 0) return null;
  return (
    <Card aria-labelledby="waiting-boards-title" className="flex flex-col gap-2">
      <CardTitle id="waiting-boards-title">Celebration boards waiting for your message</CardTitle>
      <ul className="flex flex-col gap-2">
        {data.boards.map((board) => (
          <li key={board.id} className="text-sm">
            <Link to={`${BOARDS}/${board.id}`} className="font-medium underline">
              {board.title}
            </Link>
            <span className="block text-slate-700">
              For {board.recipientName}, until {calendarDayText(board.closesOn)}
            </span>
          </li>
        ))}
      </ul>
      <Link to={`${BOARDS}/contribute`} className="text-sm underline">
        All boards to write on
      </Link>
    </Card>
  );
}
