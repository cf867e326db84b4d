import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import { formConstraint } from "~/modules/forms/constraint.server";
import { rowId } from "~/utils/row-id";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";
import { DecisionForms } from "../components/moderation-item";
import { PostCard } from "../components/post-card";
import { asModeratorSees, feedPage } from "../feed.server";
import { requireSocialAdmin } from "../guards.server";
import { DecisionSchema } from "../moderation-forms.server";
import { enabledReactions } from "../options";

export const meta: MetaFunction = () => [{ title: "Reported item in the feed" }];

/**
 * ViewAdminSocialReportedPost and ViewAdminSocialReportedComment: the reported post as the feed
 * draws it, held or removed parts shown, with a back link to its moderation page; for a comment
 * (?comment=), that comment's 'Approve Comment' and 'Remove Comment'.
 */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requireSocialAdmin(args, "reported");
  const id = rowId(args.params.postId);
  const { posts } = id === null ? { posts: [] } : await feedPage(access, { only: id, includeRemoved: true });
  if (!posts[0]) throw redirect("/admin/reported");
  const asked = new URL(args.request.url).searchParams;
  const comment = asked.has("comment") ? (posts[0].comments.find((candidate) => candidate.id === rowId(asked.get("comment"))) ?? null) : null;
  return json({
    post: asModeratorSees(posts[0]),
    reactions: enabledReactions(access.options),
    comment: comment ? { id: comment.id, status: comment.status, author: comment.author.displayName } : null,
    constraint: formConstraint(DecisionSchema),
  });
}

export const clientLoader = loadWithSlots;

export default function ReportedItemView() {
  const { post, reactions, comment, constraint } = useLoaderData<typeof loader>();
  const back = comment ? `/admin/reported/comment/${comment.id}` : `/admin/reported/post/${post.id}`;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to={back} className="text-sm underline">
        {comment ? "← Back to the reported comment" : "← Back to the reported post"}
      </Link>
      <h1 className="text-2xl font-semibold">{comment ? "Reported comment in its post" : "Reported post in the feed"}</h1>
      <PostCard post={post} reactions={reactions} returnTo={back} allComments />
      {comment ? (
        <Card>
          <CardTitle>{`${comment.author}'s comment`}</CardTitle>
          <DecisionForms item={{ kind: "comment", status: comment.status }} constraint={constraint} action={back} returnTo="/admin/reported" />
        </Card>
      ) : null}
    </div>
  );
}
