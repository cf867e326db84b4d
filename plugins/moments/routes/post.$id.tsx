import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { wantsDocument } from "~/modules/http/document-request";
import { InsufficientPoints, pointsSummary } from "~/modules/points/ledger.server";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";
import { rowId } from "~/utils/row-id";
import { feedPost } from "../feed.server";
import { requireFeed, type FeedAccess } from "../guards.server";
import { amplify, deleteComment, react, saveComment } from "../interactions.server";
import { chargeInteraction } from "../limits.server";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { commentSchema, reactionSchema, readAmplify, typedValues } from "../interaction-form.server";
import { deletePost } from "../posts.server";
import { messages } from "../rules";
import { PostCard } from "../components/post-card";
import { ReactorList } from "../components/reactors";
import { enabledReactions } from "../options";
import { reactorsOf } from "../reactors.server";

export const meta: MetaFunction = () => [{ title: "Post" }];

async function requirePost(args: LoaderFunctionArgs): Promise<{ access: FeedAccess; post: NonNullable<Awaited<ReturnType<typeof feedPost>>> }> {
  const access = await requireFeed(args);
  const id = rowId(args.params.id);
  const post = id === null ? null : await feedPost(access, id);
  if (!post) throw redirect("/post/not-found");
  return { access, post };
}

/** The post with all its comments, and who reacted (?reaction=<type> for one type). */
export async function loader(args: LoaderFunctionArgs) {
  const { access, post } = await requirePost(args);
  const reactions = enabledReactions(access.options);
  const asked = rowId(new URL(args.request.url).searchParams.get("reaction"));
  const filter = asked !== null && reactions.includes(asked) ? asked : null;
  return json({ post, reactions, filter, reactors: await reactorsOf(access, post.id, post.reactions.counts, reactions, filter) });
}

type Outcome = { errors?: Record<string, string[]>; typed?: Record<string, string> };

/**
 * Every interaction with one item: react, comment, delete a comment, amplify,
 * delete the post (reports have their page, post_.$id.report.tsx). A form sent without JavaScript comes
 * back to where it was sent from (returnTo); a fetcher's gets JSON.
 */
export async function action(args: ActionFunctionArgs) {
  const { access, post } = await requirePost(args);
  const form = await args.request.formData();
  const services = { app: args.context.app, tenant: args.context.tenant, db: access.db };
  const actor = { id: access.viewer.employee.id, displayName: access.viewer.employee.displayName };
  const fromScript = !wantsDocument(args.request);
  const back = safeRedirectPath(form.get("returnTo"), `/post/${post.id}`);
  const done = (outcome: Outcome = {}, status = 200) =>
    outcome.errors ? json({ ...outcome, typed: typedValues(form) }, { status }) : fromScript ? json(outcome) : redirect(back);
  const refused = (message: string) => done({ errors: { form: [message] } }, 403);
  // What a person writes is limited per minute and hour: past it, the action is refused with the wait, on `field`.
  const overLimit = async (kind: "comments" | "reactions", field = "form") => {
    try {
      await chargeInteraction(args.context.app.limits, access.options, args.context.tenant.programId, actor.id, kind);
      return null;
    } catch (error) {
      if (!(error instanceof TooManyActions)) throw error;
      return done({ errors: { [field]: [tooManyAttempts(error.retryAfterSeconds, error.limit)] } }, 429);
    }
  };

  switch (form.get("intent")) {
    case "react": {
      if (!post.canAddLike) return refused("You can't react to this post.");
      const type = reactionSchema.safeParse(form.get("reaction"));
      if (!type.success || !enabledReactions(access.options).includes(type.data)) return done({ errors: { form: ["Choose a reaction."] } }, 400);
      const limited = await overLimit("reactions");
      if (limited) return limited;
      await react(services, post, actor, post.reactions.viewer === type.data ? null : type.data);
      return done();
    }
    case "comment": {
      if (!post.canAddComment) return refused("You can't comment on this post.");
      const parsed = commentSchema.safeParse({ text: form.get("text") });
      if (!parsed.success) return done({ errors: { text: parsed.error.issues.map((issue) => issue.message) } }, 400);
      const limited = await overLimit("comments", "text");
      if (limited) return limited;
      await saveComment(services, post, actor, parsed.data.text);
      return done();
    }
    case "delete-comment": {
      const deleted = await deleteComment(access.db, args.context.tenant.config.program.timeZone, post.id, rowId(String(form.get("comment"))) ?? 0, actor.id);
      return deleted ? done() : refused("You can delete only your own comments.");
    }
    case "delete": {
      if (!post.canDelete || !(await deletePost(access.db, args.context.tenant.config.program.timeZone, post.id, actor.id))) return refused("You can delete only your own posts.");
      args.context.log.info({ event: "post_deleted", postId: post.id }, "post deleted");
      return fromScript ? json({ deleted: true }) : redirect(back.startsWith(`/post/${post.id}`) ? "/feed" : back);
    }
    case "amplify": {
      if (!post.canAmplify) return refused("You can't amplify this post.");
      const available = (await pointsSummary(access.db, actor.id)).discretionaryPointsAvailable;
      const { points, errors } = readAmplify(form, post, available);
      if (Object.keys(errors).length > 0) return done({ errors }, 400);
      try {
        await amplify(services, post, actor, points);
      } catch (error) {
        if (error instanceof InsufficientPoints) return done({ errors: { amp: [messages.notEnoughPoints] } }, 409);
        throw error;
      }
      return done();
    }
    default:
      return done({ errors: { form: ["Unknown action."] } }, 400);
  }
}

export const clientLoader = loadWithSlots;

export default function PostPage() {
  const { post, reactions, filter, reactors } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as Outcome | undefined;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="sr-only">Post by {post.author?.displayName ?? "the program"}</h1>
      {outcome?.errors?.form ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {outcome.errors.form.join(" ")}
        </p>
      ) : null}
      <PostCard post={post} reactions={reactions} returnTo={`/post/${post.id}`} allComments errors={outcome?.errors} typed={outcome?.typed} />
      <ReactorList reactors={reactors} postId={post.id} filter={filter} />
    </div>
  );
}
