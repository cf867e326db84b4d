import { Link } from "@remix-run/react";
import type { PublishedItemView } from "~/modules/plugins/manifest";

/** A Moments post that mentioned the wall's person (SOCIAL_MENTION), or gave them points (POINTS_MENTION): who, how many points, and what it said. */
export function MentionWallItem({ item }: { item: PublishedItemView }) {
  const { postId, from, excerpt, points } = item.data as { postId: number; from: string; excerpt: string; points?: number };
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-slate-700">
        {points ? (
          <>
            <strong className="text-slate-900">{from}</strong> gave <strong className="text-emerald-800">{`${points.toLocaleString("en-US")} points`}</strong> in a post
          </>
        ) : (
          <>
            <strong className="text-slate-900">{from}</strong> mentioned them in a post
          </>
        )}
      </p>
      {excerpt ? <p className="whitespace-pre-line">{excerpt}</p> : null}
      <Link to={`/post/${postId}`} className="self-start text-sm text-brand underline">
        See the post
      </Link>
    </div>
  );
}
