import { Link } from "@remix-run/react";
import { GifPlayer } from "~/components/gifs/gif-player";
import { LinkCard } from "~/components/links/link-card";
import type { Gif } from "~/modules/gifs/gifs";
import type { LinkPreview } from "~/modules/links/links";
import type { PublishedItemView } from "~/modules/plugins/manifest";
import type { PostPicture as PostPictureData, PostVideo as PostVideoData } from "../feed.server";
import { HASHTAG_IN_TEXT, hashtagKey } from "../hashtags";

/** A post's picture, in its own shape (between 9:16 and 16:9), described for people who cannot see it. */
function PostPicture({ picture }: { picture: PostPictureData }) {
  return (
    <img
      src={picture.src}
      alt={picture.alt}
      width={picture.width ?? undefined}
      height={picture.height ?? undefined}
      loading="lazy"
      className="mt-2 h-auto max-h-[32rem] w-full rounded-md bg-slate-100 object-contain"
    />
  );
}

/** A post's video, played in place (the asset route answers a player's ranges). */
function PostVideo({ video }: { video: PostVideoData }) {
  return (
    <video controls preload="metadata" className="mt-2 max-h-[32rem] w-full rounded-md bg-slate-900">
      <source src={video.src} type={video.contentType} />
      <a href={video.src}>Download the video</a>
    </video>
  );
}

/** A post's attachment: its picture, its video, its GIF, or its link's card. */
function Attachment({ data }: { data: PublishedItemView["data"] }) {
  const picture = (data.picture ?? null) as PostPictureData | null;
  const video = (data.video ?? null) as PostVideoData | null;
  const gif = (data.gif ?? null) as Gif | null;
  const link = (data.link ?? null) as LinkPreview | null;
  if (picture) return <PostPicture picture={picture} />;
  if (video) return <PostVideo video={video} />;
  if (gif) return <GifPlayer gif={gif} className="mt-2 max-h-[24rem]" />;
  return link ? (
    <div className="mt-2">
      <LinkCard link={link} />
    </div>
  ) : null;
}

/** A post's text, its #hashtags linked to their pages, and its attachment. */
export function PostText({ item }: { item: PublishedItemView }) {
  const text = typeof item.data.text === "string" ? item.data.text : "";
  const attachment = <Attachment data={item.data} />;
  if (!text) return attachment;
  const parts: (string | JSX.Element)[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_IN_TEXT)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={`/hashtag/${encodeURIComponent(hashtagKey(match[1]!))}`} className="text-brand underline">
        {match[0]}
      </Link>,
    );
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      <p className="whitespace-pre-wrap break-words text-slate-900">{parts}</p>
      {attachment}
    </>
  );
}
