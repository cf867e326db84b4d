import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { requireFeed } from "../guards.server";
import { trendingHashtags } from "../hashtags.server";
import { hashtagKey } from "../hashtags";

export const meta: MetaFunction = () => [{ title: "Trending Hashtags" }];

/** The spec's /hashtag: the hashtags used most lately (guard usesHashtags: who can view the feed). */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  return json({ trending: await trendingHashtags(access.db) });
}

export default function HashtagsPage() {
  const { trending } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Trending Hashtags</h1>
      <Card>
        {trending.length === 0 ? (
          <p className="text-slate-700">No hashtags used in the last 30 days.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {trending.map((name) => (
              <li key={name}>
                <Link to={`/hashtag/${encodeURIComponent(hashtagKey(name))}`} className="text-brand underline">
                  #{name}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
