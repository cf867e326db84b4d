import { hashtagsInText } from "../text-parts";
import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { SlotFrame } from "~/modules/plugins/lazy-slot";
import { useRegistry } from "~/modules/plugins/registry-context";
import { formatPoints } from "~/modules/points/accounts";
import type { FeedComment, FeedPost } from "../feed.server";
import { COMMENT_MAX_LENGTH, messages, reactionType } from "../rules";
import { PostTime } from "./post-time";

export interface PostCardProps {
  post: FeedPost;
  /** The reaction types the program has on. */
  reactions: number[];
  /** Where a form sent without JavaScript comes back to. */
  returnTo: string;
  /** Every comment is shown (the post page); elsewhere the 5 newest and a link to the rest. */
  allComments?: boolean;
  /** Problems of the last form sent without JavaScript, by field, with what was typed. */
  errors?: Record<string, string[]>;
  typed?: Record<string, string>;
}

/** Where the post's action sends a form back to without JavaScript (the post itself is the action's URL). */
function ReturnTo({ returnTo }: { returnTo: string }) {
  return <input type="hidden" name="returnTo" value={returnTo} />;
}

/**
 * What this post's forms are sending right now, by intent: with JavaScript the
 * card shows the outcome at once (a deletion takes it away, a comment appears),
 * and the server's answer then confirms it.
 */
function usePending(postId: number) {
  const sending = useFetchers().filter((fetcher) => fetcher.formAction?.startsWith(`/post/${postId}`) && fetcher.formData);
  const forms = (intent: string) => sending.filter((fetcher) => fetcher.formData!.get("intent") === intent).map((fetcher) => fetcher.formData!);
  return {
    deleting: forms("delete").length > 0,
    comment: forms("comment").map((form) => String(form.get("text") ?? "").trim()).find(Boolean) ?? null,
    /** Comments being deleted, by id. */
    commentsGoing: new Set(forms("delete-comment").map((form) => Number(form.get("comment")))),
    /** Points being added by amplify, by mention id. */
    amplifying: new Map(
      forms("amplify").flatMap((form) =>
        [...form.entries()].flatMap(([name, value]) => (name.startsWith("amp.") && /^\d+$/.test(String(value)) ? [[Number(name.slice(4)), Number(value)] as [number, number]] : [])),
      ),
    ),
  };
}

type Pending = ReturnType<typeof usePending>;

/** Where reporting an item (a comment, given one) leads, and back. */
function reportHref(post: FeedPost, returnTo: string, commentId?: number) {
  const query = new URLSearchParams({ ...(commentId === undefined ? {} : { comment: String(commentId) }), returnTo });
  return `/post/${post.id}/report?${query}`;
}

function PostMenu({ post, returnTo }: { post: FeedPost; returnTo: string }) {
  const fetcher = useFetcher();
  const links = [
    ...(post.canEdit ? [{ label: "Edit", href: `/compose?edit=${post.id}` }] : []),
    ...post.actions,
    ...(post.canReport ? [{ label: "Report", href: reportHref(post, returnTo) }] : []),
    ...(post.canRemove ? [{ label: "Remove", href: `/admin/reported/post/${post.id}` }] : []),
  ];
  if (!post.canDelete && links.length === 0) return null;
  return (
    <details className="relative ml-auto">
      <summary className="post-menu-toggle" aria-label="Post actions">
        •••
      </summary>
      <div className="menu post-menu">
        {links.map((link) => (
          <Link key={link.href} to={link.href} className="menu-item">
            {link.label}
          </Link>
        ))}
        {post.canDelete ? (
          <fetcher.Form method="post" action={`/post/${post.id}`}>
            <ReturnTo returnTo={returnTo} />
            <button name="intent" value="delete" className="menu-item">
              Delete
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </details>
  );
}

/** A mention's points with its amplifies (a birthday's celebrant has only what colleagues amplified). */
function MentionPoints({ mention, adding }: { mention: FeedPost["mentions"][number]; adding: number }) {
  const total = (mention.points ?? 0) + mention.ampPoints + adding;
  return total > 0 ? <span className="font-semibold text-emerald-800">+{formatPoints(total)} points</span> : null;
}

function Mentions({ post, pending }: { post: FeedPost; pending: Pending }) {
  if (post.mentions.length === 0) return null;
  return (
    <ul aria-label="Mentioned" className="flex flex-wrap gap-2">
      {post.mentions.map((mention) => (
        <li key={mention.id} className="pill">
          <Link to={`/profile/${mention.person.id}`} className="post-mention">
            {`@${mention.person.displayName}`}
          </Link>
          <MentionPoints mention={mention} adding={pending.amplifying.get(mention.id) ?? 0} />
          {mention.groupNames.length > 0 ? <span className="text-xs text-slate-600">({mention.groupNames.map((group) => group.name).join(", ")})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Reactions({ post, reactions, returnTo }: { post: FeedPost; reactions: number[]; returnTo: string }) {
  const fetcher = useFetcher();
  // While a reaction is on its way, show it as done (it is undone if the server says no).
  const pending = fetcher.formData?.get("reaction");
  const viewerReaction = pending ? (Number(pending) === post.reactions.viewer ? null : Number(pending)) : post.reactions.viewer;
  const counts = { ...post.reactions.counts };
  if (viewerReaction !== post.reactions.viewer) {
    if (post.reactions.viewer !== null) counts[post.reactions.viewer] = (counts[post.reactions.viewer] ?? 1) - 1;
    if (viewerReaction !== null) counts[viewerReaction] = (counts[viewerReaction] ?? 0) + 1;
  }
  return (
    <fetcher.Form method="post" action={`/post/${post.id}`}>
      <ReturnTo returnTo={returnTo} />
      <input type="hidden" name="intent" value="react" />
      <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1">
        {reactions.map((id) => {
          const type = reactionType(id)!;
          return (
            <button
              key={id}
              name="reaction"
              value={id}
              disabled={!post.canAddLike}
              aria-pressed={viewerReaction === id}
              className="chip"
            >
              <span aria-hidden>{type.emoji}</span>
              {type.label}
              {counts[id] ? <span className="text-slate-700">{counts[id]}</span> : null}
            </button>
          );
        })}
      </div>
    </fetcher.Form>
  );
}

function Comment({ post, comment, returnTo }: { post: FeedPost; comment: FeedComment; returnTo: string }) {
  const fetcher = useFetcher();
  return (
    <li className="post-comment">
      <Avatar id={comment.author.id} firstName={comment.author.firstName} lastName={comment.author.lastName} src={comment.author.avatarUrl} />
      <div>
        <p className="flex items-baseline gap-2">
          <Link to={`/profile/${comment.author.id}`} className="font-medium text-slate-900">
            {comment.author.displayName}
          </Link>
          <PostTime iso={comment.created} />
        </p>
        {comment.underReview ? (
          <p className="italic text-slate-700">{messages.commentUnderReview}</p>
        ) : (
          <>
            <p className="post-text">{comment.text}</p>
            <div className="post-comment-actions">
              {comment.mine ? (
                <fetcher.Form method="post" action={`/post/${post.id}`}>
                  <ReturnTo returnTo={returnTo} />
                  <input type="hidden" name="comment" value={comment.id} />
                  <button name="intent" value="delete-comment" className="underline">
                    Delete comment
                  </button>
                </fetcher.Form>
              ) : null}
              {comment.canReport ? (
                <Link to={reportHref(post, returnTo, comment.id)} className="underline">
                  Report comment
                </Link>
              ) : null}
              {post.canRemoveComments ? (
                <Link to={`/admin/reported/comment/${comment.id}`} className="underline">
                  Remove comment
                </Link>
              ) : null}
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function CommentForm({ post, returnTo, errors, typed }: { post: FeedPost; returnTo: string; errors?: string[]; typed?: string }) {
  const fetcher = useFetcher<{ errors?: Record<string, string[]> }>();
  const shown = fetcher.data?.errors?.text ?? errors;
  const id = `comment-${post.id}`;
  return (
    <fetcher.Form method="post" action={`/post/${post.id}`} className="flex flex-col gap-1">
      <ReturnTo returnTo={returnTo} />
      <label htmlFor={id} className="sr-only">
        {post.viewerComment ? "Edit your comment" : "Write a comment"}
      </label>
      <div className="flex gap-2">
        <textarea
          id={id}
          key={post.viewerComment?.text}
          name="text"
          rows={1}
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={typed ?? post.viewerComment?.text ?? ""}
          placeholder="Write a comment..."
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={shown?.length ? `${id}-error` : undefined}
          className="field min-w-0 flex-1"
        />
        <Button type="submit" name="intent" value="comment" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          {post.viewerComment ? "Update comment" : "Comment"}
        </Button>
      </div>
      <ErrorList id={`${id}-error`} errors={shown} />
    </fetcher.Form>
  );
}

function AmplifyForm({
  post,
  returnTo,
  errors,
  typed,
}: {
  post: FeedPost;
  returnTo: string;
  errors?: Record<string, string[]>;
  typed?: Record<string, string>;
}) {
  const fetcher = useFetcher<{ errors?: Record<string, string[]> }>();
  const shown = fetcher.data?.errors ?? errors ?? {};
  const open = post.mentions.filter((mention) => mention.amplifiable);
  if (open.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 p-2">
      <summary className="cursor-pointer text-sm font-medium">Amplify</summary>
      <fetcher.Form method="post" action={`/post/${post.id}`} className="mt-2 flex flex-col gap-2">
        <ReturnTo returnTo={returnTo} />
        {open.map((mention) => {
          const name = `amp.${mention.id}`;
          return (
            <div key={mention.id} className="flex flex-col gap-1">
              <label htmlFor={`${name}-${post.id}`} className="text-sm">
                Points for {mention.person.displayName}
              </label>
              <input
                id={`${name}-${post.id}`}
                name={name}
                inputMode="numeric"
                defaultValue={typed?.[name] ?? ""}
                aria-invalid={shown[name]?.length ? true : undefined}
                className="field w-32 px-2 py-1"
              />
              <ErrorList errors={shown[name]} />
            </div>
          );
        })}
        <ErrorList errors={shown.amp} />
        <Button type="submit" name="intent" value="amplify" size="sm" className="self-start" disabled={fetcher.state !== "idle"}>
          Amplify
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** One feed item: author, body, mentions, hashtags; reactions, comments and amplify as the viewer may. */
export function PostCard({ post, reactions, returnTo, allComments, errors, typed }: PostCardProps) {
  const registry = useRegistry();
  const Body = registry.feedItemKind(post.kind)?.Component;
  const pending = usePending(post.id);
  const flagged = post.underReview;
  const comments = post.comments.filter((comment) => !pending.commentsGoing.has(comment.id));
  // The viewer's comment as it is being sent: it replaces their own, or comes first.
  const sending = pending.comment !== null && pending.comment !== post.viewerComment?.text ? pending.comment : null;
  // Hashtags written in the text link there; the others (added through the composer's step) are listed below it.
  const inText = new Set(typeof post.data.text === "string" ? hashtagsInText(post.data.text) : []);
  const added = post.hashtags.filter((hashtag) => !inText.has(hashtag.tag));
  if (pending.deleting) return null;
  return (
    // An article, not a landmark: a feed has many, often by the same author.
    <article className="card flex flex-col gap-3" aria-labelledby={`post-${post.id}-author`}>
      <header className="flex items-center gap-3">
        {post.author ? <Avatar id={post.author.id} firstName={post.author.firstName} lastName={post.author.lastName} src={post.author.avatarUrl} /> : null}
        <div className="flex flex-col">
          {post.author ? (
            <Link id={`post-${post.id}-author`} to={`/profile/${post.author.id}`} className="font-semibold text-slate-900">
              {post.author.displayName}
            </Link>
          ) : (
            <span id={`post-${post.id}-author`} className="font-semibold">
              {registry.feedItemKind(post.kind)?.label}
            </span>
          )}
          <Link to={`/post/${post.id}`} className="text-slate-600 hover:underline">
            <PostTime iso={post.created} />
            {post.edited ? <span className="text-xs"> (edited)</span> : null}
          </Link>
        </div>
        {post.pinned ? <span className="ml-auto rounded-full bg-brand/10 px-2 py-0.5 text-xs font-medium text-slate-900">Pinned</span> : null}
        {flagged ? null : <PostMenu post={post} returnTo={returnTo} />}
      </header>
      {flagged ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{messages.postUnderReview}</p>
      ) : (
        <>
          {Body ? (
            <SlotFrame slot={`feed:${post.kind}`}>
              <Body
                item={{
                  id: post.id,
                  foreignId: post.foreignId,
                  data: post.data,
                  created: post.created,
                }}
              />
            </SlotFrame>
          ) : null}
          <Mentions post={post} pending={pending} />
          {added.length > 0 ? (
            <ul aria-label="Hashtags" className="flex flex-wrap gap-2 text-sm">
              {added.map((hashtag) => (
                <li key={hashtag.tag}>
                  {hashtag.linked ? (
                    <Link to={`/hashtag/${encodeURIComponent(hashtag.tag)}`} className="text-brand underline">
                      #{hashtag.name}
                    </Link>
                  ) : (
                    <span>#{hashtag.name}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {post.canAddLike || post.reactions.total > 0 ? <Reactions post={post} reactions={reactions} returnTo={returnTo} /> : null}
          {post.canAmplify ? <AmplifyForm post={post} returnTo={returnTo} errors={errors} typed={typed} /> : null}
          {comments.length > 0 || sending ? (
            <ul aria-label="Comments" className="flex flex-col gap-2">
              {sending ? (
                <li className="rounded-md bg-slate-50 px-3 py-2 text-sm" aria-busy="true">
                  <span className="sr-only">Sending your comment: </span>
                  <span className="post-text">{sending}</span>
                </li>
              ) : null}
              {comments
                .filter((comment) => !(sending && comment.mine))
                .map((comment) => (
                  <Comment key={comment.id} post={post} comment={comment} returnTo={returnTo} />
                ))}
            </ul>
          ) : null}
          {!allComments && post.commentCount > post.comments.length ? (
            <Link to={`/post/${post.id}`} className="text-sm text-brand underline">
              {messages.seeMoreComments}
            </Link>
          ) : null}
          {post.canAddComment ? <CommentForm post={post} returnTo={returnTo} errors={errors?.text} typed={typed?.text} /> : null}
        </>
      )}
    </article>
  );
}
