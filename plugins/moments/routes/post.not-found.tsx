import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireViewer } from "~/modules/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Post not found" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireViewer(args);
  return json(null);
}

/** Where a post that does not load (deleted, removed, or another program's) leads. */
export default function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3 py-12 text-center">
      <h1 className="text-2xl font-semibold">Post not found</h1>
      <p className="text-slate-700">This post may have been deleted, or you may not have access to it.</p>
      <Link to="/feed" className="text-brand underline">
        Back to the feed
      </Link>
    </div>
  );
}
