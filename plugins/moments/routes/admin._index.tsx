import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import { requireSocialAdmin } from "../guards.server";
import { openItemCount } from "../moderation.server";

export const meta: MetaFunction = () => [{ title: "Moments Admin" }];

/** The feed's administration (the spec's /admin): what this person may look after (admin posts, reports, hashtags), with what waits for them. */
export async function loader(args: LoaderFunctionArgs) {
  const { db, sections, options, viewer } = await requireSocialAdmin(args);
  return json({
    sections,
    waiting: sections.reported ? await openItemCount(db) : null,
    moderationOff: !options.moderationEnabled && viewer.employee.permissions.isSocialModerator === true,
  });
}

export default function ModerationHome() {
  const { sections, waiting, moderationOff } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Moments Admin</h1>
      {moderationOff ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Moderation is off in this program: a report hides a post or comment from the person who reported it and tells the program managers; nothing is held for review.
        </p>
      ) : null}
      {sections.posts ? (
        <Card>
          <CardTitle>Admin posts</CardTitle>
          <p className="mb-2 text-sm text-slate-700">Say something to All Staff, a segment or some groups: now or at a time you choose, pinned on top of the feed if you like.</p>
          <div className="flex flex-wrap gap-4">
            <Link to="/admin/new" className="text-sm underline">
              Write an admin post
            </Link>
            <Link to="/admin/posted" className="text-sm underline">
              Admin posts written
            </Link>
          </div>
        </Card>
      ) : null}
      {sections.reported ? (
        <Card>
          <CardTitle>Reported posts and comments</CardTitle>
          <p className="mb-2 text-sm text-slate-700">{waiting === 0 ? "Nothing is waiting for a decision." : `${waiting} waiting for a decision.`}</p>
          <Link to="/admin/reported" className="text-sm underline">
            Open the reported list
          </Link>
        </Card>
      ) : null}
      {sections.hashtags ? (
        <Card>
          <CardTitle>Hashtags</CardTitle>
          <p className="mb-2 text-sm text-slate-700">Ban a hashtag so it can no longer be posted, or allow a banned one again.</p>
          <Link to="/admin/hashtags" className="text-sm underline">
            Manage banned hashtags
          </Link>
        </Card>
      ) : null}
    </div>
  );
}
