import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { formatInstant } from "~/modules/time/zones";
import { useCheckedForm } from "~/utils/use-checked-form";
import type { AdminPostSchema } from "../admin-post-form.server";
import { adminPostPage, readAdminPostForm } from "../admin-post-page.server";
import { createAdminPost } from "../admin-posts.server";
import { AdminPostForm } from "../components/admin-post-form";

export const meta: MetaFunction = () => [{ title: "Write an admin post" }];

/** The spec's admin post composer (/admin/new, socialAdminGenEnabled and canCreateAdminSocialPosts). */
export async function loader(args: LoaderFunctionArgs) {
  const { choices, points, zone, constraint } = await adminPostPage(args);
  return json({ ...choices, points, zone, constraint, key: crypto.randomUUID() });
}

export async function action(args: ActionFunctionArgs) {
  const page = await adminPostPage(args);
  const submission = await readAdminPostForm(await args.request.formData(), page, false);
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { app, tenant } = args.context;
  const post = submission.value;
  const id = await createAdminPost(app, tenant, page.access.db, page.access.viewer.employee.id, post, submission.payload.key ? String(submission.payload.key) : null);
  args.context.log.info({ event: "admin_post_created", postId: id, audience: post.audience }, "admin post created");
  const now = post.activatesOn.getTime() <= Date.now();
  const message = now ? "The post is published." : `The post is scheduled for ${formatInstant(post.activatesOn, page.zone, null)}.`;
  return redirectWithToast(args, "/admin/posted", { type: "success", message });
}

export default function NewAdminPost() {
  const { segments, groups, points, zone, constraint, key } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof AdminPostSchema>("admin-post", constraint, useActionData<typeof action>(), { audience: "ALL", showTitle: true, key });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link to="/admin" className="text-sm underline">
        ← Moments Admin
      </Link>
      <h1 className="text-2xl font-semibold">Write an admin post</h1>
      <Card>
        <AdminPostForm form={form} fields={fields} segments={segments} groups={groups} published={false} zone={zone} points={points} given={[]} submitLabel="Post" />
      </Card>
    </div>
  );
}
