import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SegmentFilter } from "~/components/segment-filter";
import { Pager } from "~/components/ui/pager";
import { useHydrated } from "~/utils/use-hydrated";
import { monthCountsText, monthHeading } from "../days";
import type { UpcomingView } from "../list.server";
import { NO_MILESTONES } from "./milestone-card";
import { DayGroups } from "./milestone-groups";

/**
 * The pages shown so far: with JavaScript, the next page is fetched as the end of the list comes
 * into view and added when it is the one asked for; without it, page links. A new first page (a
 * segment chosen) starts again.
 */
function useNextPages(view: UpcomingView) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<UpcomingView>();
  const [pages, setPages] = useState([view]);
  const sentinel = useRef<HTMLDivElement>(null);
  const last = pages.at(-1)!;

  useEffect(() => setPages([view]), [view]);

  useEffect(() => {
    const next = fetcher.data;
    if (next && next.page === last.page + 1 && next.segment === last.segment) setPages((shown) => [...shown, next]);
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Runs again once hydrated: only then is the end marker drawn (page links before it).
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !last.hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && fetcher.state === "idle") {
        // `index`: the list is an index route, and a fetcher's load goes to the deepest route, not its parent, only when it says so.
        fetcher.load(`/milestones?${new URLSearchParams({ index: "", page: String(last.page + 1), ...(last.segment ? { segment: String(last.segment) } : {}) })}`);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [last, fetcher, hydrated]);

  return { hydrated, pages, last, sentinel, loading: fetcher.state === "loading" };
}

/** The upcoming milestones under month labels (with their birthdays and anniversaries) and date headings. */
export function MilestoneList({ view }: { view: UpcomingView }) {
  const { hydrated, pages, last, sentinel, loading } = useNextPages(view);
  const milestones = pages.flatMap((page) => page.milestones);
  const months = Object.assign({}, ...pages.map((page) => page.months)) as UpcomingView["months"];
  return (
    <div className="flex flex-col gap-4">
      <SegmentFilter id="milestone-segment" action="/milestones" segments={view.segments} current={view.segment} />
      {milestones.length === 0 ? (
        <p className="text-slate-700">{NO_MILESTONES}</p>
      ) : (
        Object.entries(months).map(([month, counts]) => (
          <section key={month} aria-labelledby={`month-${month}`} className="card">
            <h2 id={`month-${month}`} className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-semibold text-slate-900">
              {monthHeading(month)}
              <span className="text-sm font-normal text-slate-700">{monthCountsText(counts)}</span>
            </h2>
            <DayGroups milestones={milestones.filter((milestone) => milestone.day.startsWith(month))} today={view.today} headingLevel="h3" />
          </section>
        ))
      )}
      {loading ? (
        <p role="status" className="text-center text-sm text-slate-700">
          Loading milestones...
        </p>
      ) : null}
      {hydrated ? last.hasMore ? <div ref={sentinel} aria-hidden className="h-4" /> : null : <Pager page={view.page} hasMore={view.hasMore} labels={{ previous: "Sooner", next: "Later" }} query={{ segment: view.segment ? String(view.segment) : undefined }} />}
    </div>
  );
}
