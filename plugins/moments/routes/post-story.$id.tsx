import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/shell/avatar";
import { Card } from "~/components/ui/card";
import { SlotFrame } from "~/modules/plugins/lazy-slot";
import { useRegistry } from "~/modules/plugins/registry-context";
import { rowId } from "~/utils/row-id";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";
import { feedPost } from "../feed.server";
import { requireFeed } from "../guards.server";
import { messages } from "../rules";

export const meta: MetaFunction = () => [{ title: "Story" }];

/** The spec's /post-story/{id}: one post as a story to share, without the feed's controls. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  const id = rowId(args.params.id);
  const post = id === null ? null : await feedPost(access, id);
  if (!post) throw redirect("/post/not-found");
  return json({ post });
}

export const clientLoader = loadWithSlots;

export default function PostStoryPage() {
  const registry = useRegistry();
  const { post } = useLoaderData<typeof loader>();
  const Body = registry.feedItemKind(post.kind)?.Component;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <h1 className="text-2xl font-semibold">{post.author ? `${post.author.displayName}'s story` : "Story"}</h1>
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        {post.author ? <Avatar id={post.author.id} firstName={post.author.firstName} lastName={post.author.lastName} src={post.author.avatarUrl} className="size-20 text-2xl" /> : null}
        {post.underReview ? (
          <p>{messages.postUnderReview}</p>
        ) : Body ? (
          <SlotFrame slot={`feed:${post.kind}`}>
            <Body item={{ id: post.id, foreignId: post.foreignId, data: post.data, created: post.created }} />
          </SlotFrame>
        ) : null}
        {post.mentions.length > 0 ? <p className="font-medium">With {post.mentions.map((mention) => mention.person.displayName).join(", ")}</p> : null}
      </Card>
      <Link to={`/post/${post.id}`} className="self-center text-brand underline">
        See the post
      </Link>
    </div>
  );
}
