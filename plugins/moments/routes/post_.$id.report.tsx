import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, TextAreaField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { formConstraint } from "~/modules/forms/constraint.server";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import { rowId } from "~/utils/row-id";
import { useCheckedForm } from "~/utils/use-checked-form";
import { feedPost } from "../feed.server";
import { requireFeed } from "../guards.server";
import { ReportSchema } from "../moderation-forms.server";
import { chargeInteraction } from "../limits.server";
import { reportReasons } from "../moderation";
import { reportItem } from "../moderation.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.what === "comment" ? "Report a comment" : "Report a post" }];

/** The post (or, with ?comment=, one of its comments) the viewer may report, and where to go back to. */
async function reportable(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  const url = new URL(args.request.url);
  const id = rowId(args.params.id);
  const post = id === null ? null : await feedPost(access, id);
  if (!post) throw redirect("/post/not-found");
  const back = safeRedirectPath(url.searchParams.get("returnTo"), `/post/${post.id}`);
  const commentId = url.searchParams.has("comment") ? rowId(url.searchParams.get("comment")) : null;
  if (url.searchParams.has("comment")) {
    const comment = post.comments.find((candidate) => candidate.id === commentId && candidate.canReport && !candidate.underReview);
    if (!comment) throw redirect(back);
    return { access, post, back, target: { postId: post.id, commentId: comment.id }, what: "comment" as const, author: comment.author.displayName, text: comment.text };
  }
  if (!post.canReport) throw redirect(back);
  const text = typeof post.data.text === "string" ? post.data.text : "";
  return { access, post, back, target: { postId: post.id, commentId: null }, what: "post" as const, author: post.author?.displayName ?? "", text };
}

export async function loader(args: LoaderFunctionArgs) {
  const { access, back, what, author, text } = await reportable(args);
  return json({ what, author, text, back, moderated: access.options.moderationEnabled, constraint: formConstraint(ReportSchema) });
}

export async function action(args: ActionFunctionArgs) {
  const { access, back, target, what } = await reportable(args);
  const submission = parseWithZod(await args.request.formData(), { schema: ReportSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { app, tenant } = args.context;
  try {
    await chargeInteraction(app.limits, access.options, tenant.programId, access.viewer.employee.id, "reports");
  } catch (error) {
    if (!(error instanceof TooManyActions)) throw error;
    return json(submission.reply({ formErrors: [tooManyAttempts(error.retryAfterSeconds, error.limit)] }), { status: 429 });
  }
  await reportItem({ app, tenant, db: access.db }, target, access.viewer.employee.id, { reason: submission.value.reason, details: submission.value.details ?? "" }, access.options);
  args.context.log.info({ event: "post_reported", postId: target.postId, commentId: target.commentId }, "reported");
  const message = access.options.moderationEnabled
    ? `Thank you. The ${what} is hidden for you while a moderator looks at it.`
    : `Thank you. The ${what} is hidden for you, and the program's managers were told.`;
  return redirectWithToast(args, back, { type: "success", message });
}

export default function ReportPage() {
  const { what, author, text, back, moderated, constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm<typeof ReportSchema>("report", constraint, useActionData<typeof action>());
  const reasonError = `${fields.reason.id}-error`;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{what === "comment" ? "Report this comment" : "Report this post"}</h1>
      <Card>
        <figure className="flex flex-col gap-1">
          <blockquote className="whitespace-pre-wrap break-words text-slate-900">{text || "(no text)"}</blockquote>
          <figcaption className="text-sm text-slate-700">{author}</figcaption>
        </figure>
      </Card>
      <p className="text-sm text-slate-700">
        {`It is hidden for you as soon as you send this. ${moderated ? "A moderator decides whether it stays on the feed." : "The program's managers are told."}`}
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <fieldset aria-describedby={fields.reason.errors?.length ? reasonError : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Why are you reporting it?</legend>
          {reportReasons.map((reason) => (
            <label key={reason.id} className="flex items-center gap-2">
              <input type="radio" name={fields.reason.name} value={reason.id} defaultChecked={fields.reason.initialValue === reason.id} required className="h-4 w-4 accent-brand" />
              {reason.label}
            </label>
          ))}
          <ErrorList id={reasonError} errors={fields.reason.errors} />
        </fieldset>
        <TextAreaField label="Anything the moderators should know (optional)" props={{ ...getTextareaProps(fields.details), rows: 3 }} errors={fields.details.errors} />
        <ErrorList id={`${form.id}-error`} errors={form.errors} />
        <div className="flex items-center gap-3">
          <Button type="submit">Send report</Button>
          <Link to={back} className="text-sm underline">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
