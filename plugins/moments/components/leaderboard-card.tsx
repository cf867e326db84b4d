import { Link, useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/utils/use-hydrated";
import { leaderboardRanges, rangeLabels } from "../leaderboard";
import type { LeaderboardRow } from "../leaderboard.server";
import type { LeaderboardView } from "../leaderboard-card.server";

function Row({ row, own }: { row: LeaderboardRow; own: boolean }) {
  return (
    <li
      className={own ? (row.rank <= 5 ? "bg-amber-100 font-semibold" : "border border-dashed border-slate-400") : undefined}
      aria-current={own ? "true" : undefined}
    >
      <span className={row.rank <= 5 ? "text-amber-800" : "text-slate-600"}>{row.rank}</span>
      <Avatar id={row.id} firstName={row.firstName} lastName={row.lastName} />
      <Link to={`/profile/${row.id}`}>
        {`${row.firstName} ${row.lastName}`}
        {own ? <span className="sr-only"> (you)</span> : null}
      </Link>
      <span>{row.score.toLocaleString("en-US")}</span>
    </li>
  );
}

/** The viewer's tips: the spec's dialog with JavaScript (the browser's modal: focus kept inside, Escape closes it), a disclosure without. */
function Tips({ tips }: { tips: readonly string[] }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const list =
    tips.length > 0 ? (
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    ) : (
      <p className="mt-2 text-slate-700">Your program has not turned on posting or reacting for you yet.</p>
    );
  if (!hydrated) {
    return (
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Tips</summary>
        {list}
      </details>
    );
  }
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className="self-start text-sm font-medium underline">
        Tips
      </button>
      <dialog ref={dialog} aria-labelledby="leaderboard-tips-title" className="m-auto w-full max-w-md rounded-lg p-6 text-sm shadow-xl backdrop:bg-slate-900/50">
        <h2 id="leaderboard-tips-title" className="text-lg font-semibold text-slate-900">
          Leaderboard tips
        </h2>
        {list}
        <div className="mt-4 flex justify-end">
          <Button type="button" variant="outline" onClick={() => dialog.current?.close()} autoFocus>
            Close
          </Button>
        </div>
      </dialog>
    </>
  );
}

/**
 * The spec's Moments leaderboard: Monthly or Yearly (a GET of /leaderboard,
 * in place with JavaScript, a page without), the top five, the viewer's own
 * rank apart when lower, and the tips for this viewer.
 */
export function LeaderboardCard({ data, titled = true }: { data: LeaderboardView; titled?: boolean }) {
  const fetcher = useFetcher<LeaderboardView>();
  const view = fetcher.data ?? data;
  return (
    <Card aria-label="Moments Leaderboard" aria-busy={fetcher.state !== "idle"} className="flex flex-col gap-3">
      {titled ? <CardTitle>Moments Leaderboard</CardTitle> : null}
      <fetcher.Form method="get" action="/leaderboard" className="flex gap-1">
        {leaderboardRanges.map((range) => (
          <button
            key={range}
            type="submit"
            name="range"
            value={range}
            aria-pressed={view.range === range}
            className="leaderboard-range"
          >
            {rangeLabels[range]}
          </button>
        ))}
      </fetcher.Form>
      {view.top.length === 0 ? (
        <p className="text-sm text-slate-600">No one has scored yet. Be the first!</p>
      ) : (
        <ol aria-label={`${rangeLabels[view.range]} leaders`} className="leaderboard-rows flex flex-col gap-1">
          {view.top.map((row) => (
            <Row key={row.id} row={row} own={row.id === view.viewerId} />
          ))}
        </ol>
      )}
      {view.own ? (
        <ol aria-label="Your rank" className="leaderboard-rows">
          <Row row={view.own} own />
        </ol>
      ) : null}
      <Tips tips={view.tips} />
    </Card>
  );
}
