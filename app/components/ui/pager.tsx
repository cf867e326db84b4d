import { Link } from "@remix-run/react";

/** Links to the newer and older pages of a list (`?page=`); nothing when it has one page. */
export function Pager({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
      {page > 1 ? <Link to={`?page=${page - 1}`}>← Newer</Link> : <span />}
      {hasMore ? <Link to={`?page=${page + 1}`}>Older →</Link> : null}
    </nav>
  );
}
