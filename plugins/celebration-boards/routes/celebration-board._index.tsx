import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { canCreateBoards, requireBoards } from "../guards.server";

/** The spec's default child: the boards made, for those who make them; the boards received for everyone else. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireBoards(args);
  return redirect(canCreateBoards(access) ? "/celebration-board/created" : "/celebration-board/received");
}
