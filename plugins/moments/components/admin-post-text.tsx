import type { PublishedItemView } from "~/modules/plugins/manifest";
import { PostText } from "./post-text";

/** An admin post: its title when it is to be shown (the spec's isTitleVisible), then its text as a post's. */
export function AdminPostText({ item }: { item: PublishedItemView }) {
  const title = item.data.showTitle === true && typeof item.data.title === "string" ? item.data.title : null;
  return (
    <>
      {title ? <p className="text-lg font-semibold text-slate-900">{title}</p> : null}
      <PostText item={{ ...item, data: { text: item.data.text } }} />
    </>
  );
}
