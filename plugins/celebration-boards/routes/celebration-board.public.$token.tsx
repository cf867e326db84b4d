import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { calendarDayText } from "~/modules/time/calendar-days";
import { BoardBanner, ContributionList } from "../components/board-parts";
import { isPublicToken } from "../boards.server";
import { boardsOptionsOf } from "../guards.server";
import { readBoard } from "../read.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.board ? data.board.title : "Celebration board" }, { name: "robots", content: "noindex" }];

/**
 * The spec's public board: no sign-in, found by its link's token (never by its id, which could be
 * guessed), and only once delivered. It shows names, messages and their pictures, never people's
 * profile pictures or links into the program.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const board = isPublicToken(token) ? await readBoard(context.db, boardsOptionsOf(context.tenant.config), { token }) : null;
  if (!board || board.status !== "APPROVED") return json({ board: null, program: context.tenant.config.name }, { status: 404 });
  const { id, category, categoryText, title, message, recipient, creator, contributions, approvedAt } = board;
  const withoutPicture = <P extends { avatarUrl: string | null }>(person: P) => ({ ...person, avatarUrl: null });
  return json({
    board: { id, category, categoryText, title, message, approvedAt, recipient: withoutPicture(recipient), creator: withoutPicture(creator), contributions: contributions.map((each) => ({ ...each, author: withoutPicture(each.author) })) },
    program: context.tenant.config.name,
  });
}

export default function PublicBoardPage() {
  const { board, program } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
      {board ? (
        <>
          <BoardBanner category={board.category} categoryText={board.categoryText} title={board.title} recipient={board.recipient} linked={false} />
          <p className="text-sm text-slate-700">
            Made by {board.creator.displayName} at {program}
            {board.approvedAt ? `, delivered on ${calendarDayText(board.approvedAt.slice(0, 10))}` : ""}.
          </p>
          {board.message ? <p className="whitespace-pre-line break-words">{board.message}</p> : null}
          <h2 className="text-lg font-semibold">Messages ({board.contributions.length})</h2>
          <ContributionList contributions={board.contributions} linked={false} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">Celebration board</h1>
          <p>This board can't be found. Its link may be wrong, or the board not delivered yet.</p>
        </>
      )}
    </div>
  );
}
