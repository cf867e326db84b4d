import { Link } from "@remix-run/react";
import type { PublishedItemView } from "~/modules/plugins/manifest";

/** A delivered board shared on the feed: who made it (and how many wrote on it besides) for whom, and a link to read it. */
export function BoardItem({ item }: { item: PublishedItemView }) {
  const { boardId, title, category, recipientName, creatorName, contributions } = item.data as { boardId: number; title: string; category: string; recipientName: string; creatorName: string; contributions: number };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{creatorName}</strong>
        {contributions === 0 ? "" : contributions === 1 ? " and 1 colleague" : ` and ${contributions} colleagues`} made a celebration board for{" "}
        <strong className="text-slate-900">{recipientName}</strong>
      </p>
      <p className="inline-flex self-start rounded-full bg-pink-100 px-3 py-0.5 text-sm font-medium text-pink-950">{category}</p>
      <Link to={`/celebration-board/${boardId}`} className="font-semibold break-words underline">
        {title}
      </Link>
    </div>
  );
}
