import { rowId } from "./row-id";

/** The most pages a list is read to (deeper ones read as its last). */
const MAX_PAGE = 10_000;

/** The page of a paged list (`?page=`, 1-based): 1 for anything that is not a whole number, at most MAX_PAGE. */
export function pageParam(request: Request) {
  return Math.min(rowId(new URL(request.url).searchParams.get("page")) ?? 1, MAX_PAGE);
}
