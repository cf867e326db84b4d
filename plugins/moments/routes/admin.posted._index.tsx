import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { stateWords } from "../admin-posts";
import { adminPostList } from "../admin-posts.server";
import { requireSocialAdmin } from "../guards.server";

export const meta: MetaFunction = () => [{ title: "Admin posts" }];

/** The spec's posted list: every admin post, newest first, with its state, audience, time and pin. */
export async function loader(args: LoaderFunctionArgs) {
  const { db } = await requireSocialAdmin(args, "posts");
  return json({ posts: await adminPostList(db), now: new Date().toISOString() });
}

type Row = SerializeFrom<typeof loader>["posts"][number];

function columns(now: string): Column<Row>[] {
  return [
    {
      key: "title",
      header: "Title",
      title: true,
      cell: (row) => (
        <Link to={`/admin/posted/${row.id}`} className="underline">
          {row.title}
        </Link>
      ),
    },
    { key: "state", header: "State", cell: (row) => <StatusBadge tone={row.state === "WITHDRAWN" ? "negative" : row.state === "PUBLISHED" ? "positive" : "neutral"}>{stateWords[row.state]}</StatusBadge> },
    { key: "audience", header: "Who sees it", cell: (row) => row.audience },
    { key: "when", header: "Published", cell: (row) => <LocalDate iso={row.activatesOn} /> },
    {
      key: "pin",
      header: "Pinned until",
      cell: (row) => (row.pinnedUntil === null ? "—" : row.pinnedUntil > now ? <LocalDate iso={row.pinnedUntil} /> : "Expired"),
    },
    { key: "author", header: "Written by", cell: (row) => row.author || "—" },
    {
      key: "view",
      header: "In the feed",
      cell: (row) =>
        row.feedItemId === null ? (
          "—"
        ) : (
          // Its name starts with what it shows (axe's label-content-name-mismatch), then says which post.
          <Link to={`/post/${row.feedItemId}`} className="underline">
            See it<span className="sr-only">{` in the feed: ${row.title}`}</span>
          </Link>
        ),
    },
  ];
}

export default function AdminPosts() {
  const { posts, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Link to="/admin" className="text-sm underline">
        ← Moments Admin
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Admin posts</h1>
        <Link to="/admin/new" className={buttonVariants()}>
          Write an admin post
        </Link>
      </div>
      <Card>
        {posts.length === 0 ? <p className="text-sm text-slate-700">No admin post yet.</p> : <DataTable caption="Admin posts" columns={columns(now)} rows={posts} rowKey={(row) => String(row.id)} />}
      </Card>
    </div>
  );
}
