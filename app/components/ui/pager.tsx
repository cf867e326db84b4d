import { Link } from "@remix-run/react";

interface PagerProps {
  page: number;
  hasMore: boolean;
  /** The words of its two links: a history's newer and older by default; an agenda's earlier and later. */
  labels?: { previous: string; next: string };
  /** Other parameters of the list (a filter) that each page keeps. */
  query?: Readonly<Record<string, string | undefined>>;
}

function pageLink(page: number, query: PagerProps["query"]) {
  const params = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));
  params.set("page", String(page));
  return `?${params}`;
}

/** Links to the pages before and after this one of a list (`?page=`); nothing when it has one page. */
export function Pager({ page, hasMore, labels = { previous: "Newer", next: "Older" }, query }: PagerProps) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
      {page > 1 ? <Link to={pageLink(page - 1, query)}>← {labels.previous}</Link> : <span />}
      {hasMore ? <Link to={pageLink(page + 1, query)}>{labels.next} →</Link> : null}
    </nav>
  );
}
