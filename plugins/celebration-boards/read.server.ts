import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { ProgramDb } from "~/modules/db/program-db.server";
import { personShownColumns, toPersonShown } from "~/modules/people/lookup.server";
import type { PersonShown } from "~/modules/people/people";
import { assetSource } from "~/modules/storage/asset-source";
import type { BoardCategory } from "./categories";
import { categoryText, type BoardsOptions } from "./options";
import type { BoardStatus } from "./schema";

/** A board as a list shows it. */
export interface BoardListItem {
  id: number;
  title: string;
  category: string;
  status: BoardStatus;
  closesOn: string;
  recipient: PersonShown;
  creator: PersonShown;
  contributions: number;
  invited: number;
  /** The viewer wrote on it (the boards to contribute to). */
  contributed: boolean;
}

/** The viewer's three boxes, and every board of the program (program managers'). */
export type BoardBox = "created" | "received" | "contribute" | "all";

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * A box of boards, newest first (the latest 100): those the viewer made, those delivered to them,
 * the open ones they are invited to (with whether they wrote on each yet), or all of the program's.
 */
export async function boardList(db: ProgramDb, options: BoardsOptions, viewerId: number, box: BoardBox): Promise<BoardListItem[]> {
  const rows = await db
    .selectFrom("celebration_board as b")
    .innerJoin("employee as r", "r.id", "b.recipient_id")
    .innerJoin("employee as c", "c.id", "b.creator_id")
    .select((eb) => [
      "b.id",
      "b.title",
      "b.category",
      "b.status",
      "b.closes_on",
      "r.id as r_id",
      "r.display_name as r_display_name",
      "r.first_name as r_first_name",
      "r.last_name as r_last_name",
      "r.avatar_asset_id as r_avatar_asset_id",
      "c.id as c_id",
      "c.display_name as c_display_name",
      "c.first_name as c_first_name",
      "c.last_name as c_last_name",
      "c.avatar_asset_id as c_avatar_asset_id",
      eb.selectFrom("celebration_board_contribution as n").select((n) => n.fn.countAll<number>().as("count")).whereRef("n.board_id", "=", "b.id").as("contributions"),
      eb.selectFrom("celebration_board_contributor as i").select((i) => i.fn.countAll<number>().as("count")).whereRef("i.board_id", "=", "b.id").as("invited"),
      eb.exists(eb.selectFrom("celebration_board_contribution as m").whereRef("m.board_id", "=", "b.id").where("m.author_id", "=", viewerId)).as("contributed"),
    ])
    .$if(box === "created", (query) => query.where("b.creator_id", "=", viewerId))
    .$if(box === "received", (query) => query.where("b.recipient_id", "=", viewerId).where("b.status", "=", "APPROVED"))
    .$if(box === "contribute", (query) =>
      query.where("b.status", "=", "OPEN").where((eb) => eb.exists(eb.selectFrom("celebration_board_contributor as v").whereRef("v.board_id", "=", "b.id").where("v.employee_id", "=", viewerId))),
    )
    .orderBy("b.id", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: categoryText(options, row.category),
    status: row.status,
    closesOn: row.closes_on,
    recipient: toPersonShown({ id: row.r_id, display_name: row.r_display_name, first_name: row.r_first_name, last_name: row.r_last_name, avatar_asset_id: row.r_avatar_asset_id }),
    creator: toPersonShown({ id: row.c_id, display_name: row.c_display_name, first_name: row.c_first_name, last_name: row.c_last_name, avatar_asset_id: row.c_avatar_asset_id }),
    contributions: Number(row.contributions ?? 0),
    invited: Number(row.invited ?? 0),
    contributed: row.contributed === true,
  }));
}

export interface Contribution {
  id: number;
  author: PersonShown;
  message: string;
  /** Its picture's address, if it has one. */
  picture: string | null;
}

export interface BoardView {
  id: number;
  title: string;
  category: BoardCategory;
  categoryText: string;
  message: string;
  status: BoardStatus;
  closesOn: string;
  sharedOnFeed: boolean;
  approvedAt: string | null;
  creator: PersonShown;
  recipient: PersonShown;
  contributors: (PersonShown & { contributed: boolean })[];
  contributions: Contribution[];
  publicToken: string;
}

/** A board whole, found by its id or its public link's token; null when the program has none such. */
export async function readBoard(db: ProgramDb, options: BoardsOptions, by: { id: number } | { token: string }): Promise<BoardView | null> {
  const query = db.selectFrom("celebration_board").selectAll();
  const board = await ("id" in by ? query.where("id", "=", by.id) : query.where("public_token", "=", by.token)).executeTakeFirst();
  if (!board) return null;
  const [people, contributors, contributions] = await Promise.all([
    db.selectFrom("employee").select(personShownColumns).where("id", "in", [board.creator_id, board.recipient_id]).execute(),
    db
      .selectFrom("celebration_board_contributor as i")
      .innerJoin("employee", "employee.id", "i.employee_id")
      .select([...personShownColumns, (eb) => eb.exists(eb.selectFrom("celebration_board_contribution as n").whereRef("n.board_id", "=", "i.board_id").whereRef("n.author_id", "=", "i.employee_id")).as("contributed")])
      .where("i.board_id", "=", board.id)
      .orderBy("employee.display_name")
      .execute(),
    db
      .selectFrom("celebration_board_contribution as n")
      .innerJoin("employee", "employee.id", "n.author_id")
      .leftJoin("asset as picture", "picture.id", "n.picture_asset_id")
      .select([...personShownColumns, "n.id as contribution_id", "n.message", "picture.id as picture_id", "picture.name as picture_name"])
      .where("n.board_id", "=", board.id)
      .orderBy("n.id")
      .execute(),
  ]);
  const shown = new Map(people.map((row) => [row.id, toPersonShown(row)]));
  return {
    id: board.id,
    title: board.title,
    category: board.category,
    categoryText: categoryText(options, board.category),
    message: board.message,
    status: board.status,
    closesOn: board.closes_on,
    sharedOnFeed: board.shared_on_feed,
    approvedAt: iso(board.approved_at),
    creator: shown.get(board.creator_id)!,
    recipient: shown.get(board.recipient_id)!,
    contributors: contributors.map((row) => ({ ...toPersonShown(row), contributed: row.contributed === true })),
    contributions: contributions.map((row) => ({ id: row.contribution_id, author: toPersonShown(row), message: row.message, picture: row.picture_id && row.picture_name ? assetSource(row.picture_id, row.picture_name) : null })),
    publicToken: board.public_token,
  };
}

/** What the viewer is to a board: who may see it, and do what on it. */
export interface BoardRole {
  /** Its creator, or a program manager: invites, removes, edits, delivers, deletes. */
  manages: boolean;
  invited: boolean;
  /** May write on it now: open, on or before its closing day, its creator or invited. */
  contributes: boolean;
  sees: boolean;
}

/**
 * Who sees a board: its creator, a program manager and the people invited while it is open and
 * after; its recipient once it is delivered (never before: it is a surprise); anyone of the
 * program once it is shared on the feed.
 */
export function boardRole(viewer: Viewer, board: BoardView, today: string): BoardRole {
  const me = viewer.employee.id;
  const delivered = board.status === "APPROVED";
  // Its recipient, a program manager too, sees nothing of it before it is delivered.
  if (board.recipient.id === me && !delivered) return { manages: false, invited: false, contributes: false, sees: false };
  const creates = board.creator.id === me;
  const manages = creates || isProgramManager(viewer);
  const invited = board.contributors.some((person) => person.id === me);
  const open = board.status === "OPEN";
  const contributes = open && board.closesOn >= today && (creates || invited);
  const sees = manages || invited || (delivered && (board.recipient.id === me || board.sharedOnFeed));
  return { manages, invited, contributes, sees };
}
