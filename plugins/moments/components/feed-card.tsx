import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SegmentFilter } from "~/components/segment-filter";
import { Card } from "~/components/ui/card";
import { slotsLoaded } from "~/modules/plugins/slots-loaded";
import { useHydrated } from "~/utils/use-hydrated";
import type { FeedCardData } from "../feed-card.server";
import type { FeedPost } from "../feed.server";
import { messages } from "../rules";
import { Composer } from "./composer";
import { PostCard } from "./post-card";

/**
 * The feed: with JavaScript, the next page loads as the end comes into view,
 * appended only when it is the page asked for (its cursor is the one
 * expected) and without items already shown; without it, 'Load more' links to
 * the next page.
 */
function FeedList({ data }: { data: FeedCardData }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<{ posts: FeedPost[]; next: number | null; cursor: number | null }>();
  const [posts, setPosts] = useState(data.posts);
  const [next, setNext] = useState(data.next);
  const sentinel = useRef<HTMLDivElement>(null);
  const segmentQuery = data.segment ? `&segment=${data.segment}` : "";

  // A reload (after posting, deleting, reacting...) starts the list again from its first page.
  useEffect(() => {
    setPosts(data.posts);
    setNext(data.next);
  }, [data.posts, data.next]);

  // A page arrived is appended once the code of its kinds of items has loaded, so that none shows empty first.
  const [arriving, setArriving] = useState(false);
  useEffect(() => {
    const page = fetcher.data;
    if (!page || page.cursor !== next) return;
    let current = true;
    setArriving(true);
    void slotsLoaded(page).then(() => {
      if (!current) return;
      setPosts((shown) => [...shown, ...page.posts.filter((post) => !shown.some((s) => s.id === post.id))]);
      setNext(page.next);
      setArriving(false);
    });
    return () => {
      current = false;
      setArriving(false);
    };
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Runs again once hydrated: only then is the end marker drawn ('Load more' before it).
  useEffect(() => {
    const element = sentinel.current;
    if (!element || next === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && fetcher.state === "idle" && !arriving) fetcher.load(`/feed/page?cursor=${next}${segmentQuery}`);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [next, fetcher, segmentQuery, hydrated, arriving]);

  const returnTo = `${location.pathname}${location.search}`;
  return (
    <>
      {posts.length === 0 ? (
        <Card>
          <p className="text-slate-700">{data.cursor ? "No more posts." : "No posts yet. Be the first to recognize someone!"}</p>
        </Card>
      ) : (
        <ol aria-label="Posts" className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} reactions={data.reactions} returnTo={returnTo} />
            </li>
          ))}
        </ol>
      )}
      {fetcher.state === "loading" || arriving ? (
        <p role="status" className="text-center text-sm text-slate-700">
          {messages.loadingPosts}
        </p>
      ) : null}
      {next !== null ? (
        hydrated ? (
          <div ref={sentinel} aria-hidden className="h-4" />
        ) : (
          <Link to={`/feed?cursor=${next}${segmentQuery}`} className="self-center text-brand underline">
            Load more
          </Link>
        )
      ) : null}
    </>
  );
}

/** The home page's centre when Moments is on: the composer, the segment filter and the feed. */
export function FeedCard({ data }: { data: FeedCardData }) {
  // Each visit to the feed (a post that went through comes back to it) starts a fresh draft; the
  // feed's reloads after a reaction or a refused post do not.
  const { key } = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Moments</h2>
      {data.composer ? (
        <Card>
          <Composer key={key} view={data.composer} />
        </Card>
      ) : null}
      <SegmentFilter id="feed-segment" action="/feed" segments={data.segments} current={data.segment ?? null} />
      {/* Each segment's list is its own: a page still loading for the one left is never appended to the next. */}
      <FeedList key={data.segment ?? "all"} data={data} />
    </div>
  );
}
