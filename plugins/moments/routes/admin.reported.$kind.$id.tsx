import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModerationItem } from "../components/moderation-item";
import { moderationItemAction, moderationItemLoader } from "../moderation-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.item.kind === "comment" ? "Reported comment" : "Reported post" }];

export function loader(args: Parameters<typeof moderationItemLoader>[0]) {
  return moderationItemLoader(args);
}

export function action(args: Parameters<typeof moderationItemAction>[0]) {
  return moderationItemAction(args);
}

/** AdminSocialReportedPost (/admin/reported/post/{postId}) and AdminSocialReportedComment (/admin/reported/comment/{commentId}): reports, history and decision. */
export default function ReportedItemPage() {
  const { item, constraint } = useLoaderData<typeof loader>();
  return <ModerationItem item={item} constraint={constraint} lastResult={useActionData<typeof action>()} />;
}
