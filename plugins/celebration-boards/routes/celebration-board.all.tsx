import type { LoaderFunctionArgs } from "@remix-run/node";
import { BoardsPage, boardsMeta } from "../components/board-list";
import { boardListLoader } from "../lists.server";

export const meta = boardsMeta;
export const loader = (args: LoaderFunctionArgs) => boardListLoader(args, "all");
export default BoardsPage;
