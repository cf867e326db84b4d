import type { MetaFunction } from "@remix-run/node";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import type { BoardBox, BoardListItem } from "../read.server";
import { BOARDS, BoardPerson, BoardStatusBadge } from "./board-parts";

const boxes: { box: BoardBox; label: string; empty: string }[] = [
  { box: "created", label: "Created", empty: "You haven't made a board yet." },
  { box: "contribute", label: "To write on", empty: "No board is waiting for your message." },
  { box: "received", label: "Received", empty: "No board was delivered to you yet." },
  { box: "all", label: "All boards", empty: "Nobody has made a board yet." },
];

export interface BoardListData {
  box: BoardBox;
  boards: BoardListItem[];
  canCreate: boolean;
  /** A program manager: every board of the program, under All boards. */
  seesAll: boolean;
  today: string;
}

export const boardsMeta: MetaFunction = () => [{ title: "Celebration boards" }];

/** The boards' pages: the viewer's boxes as tabs (Created only for creators, All boards only for program managers), and the boards of one. */
export function BoardsPage() {
  const data = useLoaderData<BoardListData>();
  const shown = boxes.filter((each) => (each.box !== "created" || data.canCreate) && (each.box !== "all" || data.seesAll));
  const current = boxes.find((each) => each.box === data.box)!;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Celebration boards</h1>
        {data.canCreate ? (
          <Button asChild>
            <Link to={`${BOARDS}/new`}>Create a board</Link>
          </Button>
        ) : null}
      </div>
      <nav aria-label="Celebration boards" className="flex gap-2 border-b border-slate-200">
        {shown.map((each) => (
          <NavLink key={each.box} to={`${BOARDS}/${each.box}`} className={({ isActive }) => cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", isActive ? "border-brand text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900")}>
            {each.label}
          </NavLink>
        ))}
      </nav>
      {data.boards.length === 0 ? (
        <p className="text-slate-700">{current.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.boards.map((board) => (
            <li key={board.id} className="card flex flex-col gap-2 p-4">
              <Link to={`${BOARDS}/${board.id}`} className="text-lg font-semibold break-words hover:underline">
                {board.title}
              </Link>
              <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                <span>{board.category}</span>
                <span className="flex items-center gap-2">
                  For <BoardPerson person={board.recipient} />
                </span>
                {data.box === "created" ? null : (
                  <span className="flex items-center gap-2">
                    By <BoardPerson person={board.creator} />
                  </span>
                )}
                <BoardStatusBadge status={board.status} closesOn={board.closesOn} today={data.today} />
              </div>
              <p className="text-sm text-slate-700">
                {board.contributions === 1 ? "1 message" : `${board.contributions} messages`}
                {data.box === "created" ? `, ${board.invited === 1 ? "1 person" : `${board.invited} people`} invited` : null}
                {data.box === "contribute" ? (board.contributed ? ", yours among them" : ", not yours yet") : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
