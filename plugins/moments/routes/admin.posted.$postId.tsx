import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { useCheckedForm } from "~/utils/use-checked-form";
import { localTimeIn, type AdminPostSchema } from "../admin-post-form.server";
import { adminPostPage, readAdminPostForm } from "../admin-post-page.server";
import { stateWords } from "../admin-posts";
import { adminPost, mentionsOfAdminPost, updateAdminPost, withdrawAdminPost } from "../admin-posts.server";
import { AdminPostForm } from "../components/admin-post-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Admin post: ${data.post.title}` : "Admin post" }];

/** One admin post of this program, for the page's loader and action; else back to the list. */
async function editable(args: LoaderFunctionArgs) {
  const page = await adminPostPage(args);
  const id = rowId(args.params.postId);
  const post = id === null ? null : await adminPost(page.access.db, id);
  if (!post) throw redirect("/admin/posted");
  return { page, post };
}

/** The spec's posted/{postId}: an admin post's form as it stands, and withdrawing it. */
export async function loader(args: LoaderFunctionArgs) {
  const { page, post } = await editable(args);
  const mentions = await mentionsOfAdminPost(page.access.db, post);
  return json({
    ...page.choices,
    zone: page.zone,
    points: page.points,
    constraint: page.constraint,
    post: {
      id: post.id,
      title: post.title,
      state: post.state,
      activatesOn: post.activates_on.toISOString(),
      feedItemId: post.feed_item_id,
      given: mentions.given,
      paidPoints: post.points_each !== null,
      values: {
        title: post.title,
        showTitle: post.show_title,
        text: post.text,
        audience: post.audience,
        segmentId: post.segment_id ?? undefined,
        groupIds: post.group_ids,
        publishAt: localTimeIn(post.activates_on, page.zone),
        pinnedUntil: post.pinned_until ? localTimeIn(post.pinned_until, page.zone).slice(0, 10) : undefined,
        mentions: mentions.addresses,
        pointsEach: post.points_each ?? undefined,
      },
    },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { page, post } = await editable(args);
  const { app, tenant, log } = args.context;
  const here = `/admin/posted/${post.id}`;
  const form = await args.request.formData();
  if (form.get("intent") === "withdraw") {
    const withdrawn = await withdrawAdminPost(page.access.db, page.zone, post.id);
    if (withdrawn) log.info({ event: "admin_post_withdrawn", postId: post.id }, "admin post withdrawn");
    return redirectWithToast(args, "/admin/posted", withdrawn ? { type: "success", message: post.state === "PUBLISHED" ? "The post is off the feed." : "The post is withdrawn: it will not be published." } : { type: "error", message: "That post was withdrawn already." });
  }
  const submission = await readAdminPostForm(form, page, post.state !== "SCHEDULED");
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const updated = await updateAdminPost(app, tenant, page.access.db, post.id, submission.value);
  if (!updated) return redirectWithToast(args, "/admin/posted", { type: "error", message: "That post was withdrawn meanwhile: nothing was changed." });
  return redirectWithToast(args, here, { type: "success", message: "The post is saved." });
}

export default function EditAdminPost() {
  const { segments, groups, points, zone, constraint, post } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof AdminPostSchema>(`admin-post-${post.id}`, constraint, useActionData<typeof action>(), post.values);
  const withdrawn = post.state === "WITHDRAWN";
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/admin/posted" className="text-sm underline">
        ← Admin posts
      </Link>
      <h1 className="text-2xl font-semibold">{post.title}</h1>
      <p className="text-sm text-slate-700">
        {`${stateWords[post.state]}${post.state === "SCHEDULED" ? ", to be published on " : post.state === "PUBLISHED" ? " on " : ""}`}
        {withdrawn ? null : <LocalDate iso={post.activatesOn} />}
        {post.feedItemId === null ? null : (
          <>
            {" · "}
            <Link to={`/post/${post.feedItemId}`} className="underline">
              See it in the feed
            </Link>
          </>
        )}
      </p>
      {withdrawn ? (
        <Card>
          <p className="text-sm text-slate-700">This post was withdrawn: it is not in the feed and will not be published.</p>
        </Card>
      ) : (
        <>
          <Card>
            <AdminPostForm form={form} fields={fields} segments={segments} groups={groups} published={post.state === "PUBLISHED"} zone={zone} points={points} given={post.given} submitLabel="Save" />
          </Card>
          <Card>
            <CardTitle>{post.state === "PUBLISHED" ? "Take it off the feed" : "Withdraw it"}</CardTitle>
            <p className="mb-3 text-sm text-slate-700">
              {post.state === "PUBLISHED"
                ? `It leaves the feed with its reactions and comments; this cannot be undone.${post.paidPoints ? " Points it gave stay given." : ""}`
                : "It will not be published; this cannot be undone."}
            </p>
            <Form method="post">
              <Button type="submit" name="intent" value="withdraw" variant="outline">
                {post.state === "PUBLISHED" ? "Take it off the feed" : "Withdraw"}
              </Button>
            </Form>
          </Card>
        </>
      )}
    </div>
  );
}
