import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { TooManyActions, tooManyAttempts } from "~/modules/limits/action-limiter.server";
import { chargePost } from "../limits.server";
import { NOT_ALLOWED, refuseToFeed } from "~/modules/auth/guards.server";
import { InsufficientPoints } from "~/modules/points/ledger.server";
import { Card } from "~/components/ui/card";
import { rowId } from "~/utils/row-id";
import { checkForPosting, composerStep } from "../composer.server";
import { requireFeed } from "../guards.server";
import { createPost, editablePost, editPost } from "../posts.server";
import { messages } from "../rules";
import { Composer } from "../components/composer";

export const meta: MetaFunction = () => [{ title: "Post to Moments" }];

export async function requirePoster(args: LoaderFunctionArgs) {
  const access = await requireFeed(args);
  if (!access.canPost) await refuseToFeed(args, NOT_ALLOWED);
  return access;
}

/** A step of the composer, from the draft in the URL; ?edit=<post> starts from one of the viewer's own posts. */
export async function loader(args: LoaderFunctionArgs) {
  const access = await requirePoster(args);
  const params = new URL(args.request.url).searchParams;
  const editId = params.get("edit");
  if (editId && !params.has("at") && !params.has("go")) {
    const post = await editablePost(access.db, rowId(editId) ?? 0, access.viewer.employee.id);
    if (!post) return redirect("/feed");
    const start = new URLSearchParams([
      ["text", post.text],
      ["edit", String(post.id)],
      ...post.hashtags.map((tag) => ["h", tag]),
      ...post.mentions.map((id) => ["m", String(id)]),
      ...(post.picture ? [["img", post.picture.id], ["imgAlt", post.picture.alt]] : []),
      ...(post.video ? [["vid", post.video]] : []),
      ...(post.link ? [["lnk", String(post.link)]] : []),
      ...(post.gif ? [["gif", post.gif.id], ["gifTitle", post.gif.title]] : []),
    ]);
    return json({ view: await composerStep(access, start) });
  }
  const { app } = args.context;
  return json({ view: await composerStep(access, params, { storage: app.storage, log: args.context.log, limits: app.limits, resolve: app.resolveHost }) });
}

/** Posts (or saves an edit), once the draft passes every rule and both checks were seen. */
export async function action(args: ActionFunctionArgs) {
  const access = await requirePoster(args);
  const form = await args.request.formData();
  const checked = await checkForPosting(access, form);
  if (!checked.ok) return json({ view: checked.view }, { status: checked.view.step === "compose" ? 400 : 200 });
  const { app, tenant } = args.context;
  const author = { id: access.viewer.employee.id, displayName: access.viewer.employee.displayName };
  const { input } = checked;
  try {
    await chargePost(app.limits, access.options, tenant.programId, author.id, input);
  } catch (error) {
    if (!(error instanceof TooManyActions)) throw error;
    const field = error.limit === "mentions" ? "mentions" : "text";
    const message = tooManyAttempts(error.retryAfterSeconds, error.limit);
    return json({ view: (await checkForPosting(access, form, { [field]: [message] })).view }, { status: 429 });
  }
  try {
    if (input.editing !== null) {
      const saved = await editPost(app, tenant, access.db, author, { ...input, editing: input.editing });
      if (!saved) return json({ view: (await checkForPosting(access, form, { text: ["This post can no longer be edited."] })).view }, { status: 409 });
      args.context.log.info({ event: "post_edited", postId: input.editing }, "post edited");
    } else {
      const post = await createPost(app, tenant, access.db, author, input);
      args.context.log.info({ event: "post_created", postId: post.id, created: post.created }, "post created");
    }
  } catch (error) {
    if (!(error instanceof InsufficientPoints)) throw error;
    return json({ view: (await checkForPosting(access, form, { points: [messages.notEnoughPoints] })).view }, { status: 409 });
  }
  return redirect("/feed");
}

export default function ComposePage() {
  const { view } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const shown = posted?.view ?? view;
  // A new composer per navigation only: the loader runs again after each of the composer's own
  // posts (a picture, a video, a refused post), with a new draft key, and must not reset its draft.
  const { key } = useLocation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{shown.draft.editing ? "Edit post" : "Post to Moments"}</h1>
      <Card>
        <Composer key={key} view={shown} expanded />
      </Card>
    </div>
  );
}
