import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { rowId } from "~/utils/row-id";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";
import { feedPage } from "../feed.server";
import { requireFeed } from "../guards.server";
import { hashtagKey } from "../hashtags";
import { reactionTypes } from "../rules";
import { PostCard } from "../components/post-card";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `#${data.tag}` : "Hashtag" }];

/** The spec's /hashtag/{id}: posts with one hashtag (id = the hashtag text), newest first, 5 a page. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  const tag = hashtagKey((args.params.id ?? "").slice(0, 100));
  const cursor = rowId(new URL(args.request.url).searchParams.get("cursor"));
  const page = await feedPage(access, { tag, before: cursor ?? undefined });
  const reactions = reactionTypes.filter((type) => access.options.reactions[type.key].enabled).map((type) => type.id);
  return json({ tag, ...page, reactions });
}

export const clientLoader = loadWithSlots;

export default function HashtagPage() {
  const { tag, posts, next, reactions } = useLoaderData<typeof loader>();
  const here = `/hashtag/${encodeURIComponent(tag)}`;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">#{tag}</h1>
      {posts.length === 0 ? (
        <Card>
          <p className="text-slate-700">No posts with this hashtag.</p>
        </Card>
      ) : (
        <ol aria-label="Posts" className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} reactions={reactions} returnTo={here} />
            </li>
          ))}
        </ol>
      )}
      {next !== null ? (
        <Link to={`${here}?cursor=${next}`} className="self-center text-brand underline">
          Load more
        </Link>
      ) : null}
    </div>
  );
}
