import { Link, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GifPlayer } from "~/components/gifs/gif-player";
import { LinkCard } from "~/components/links/link-card";
import { OutboundLink } from "~/components/links/outbound-link";
import type { Gif } from "~/modules/gifs/gifs";
import type { LinkPreview } from "~/modules/links/links";
import type { PublishedItemView } from "~/modules/plugins/manifest";
import type { PostPicture as PostPictureData, PostVideo as PostVideoData } from "../feed.server";
import { messages, VIDEO_STATUS_POLL_MS } from "../rules";
import { textParts } from "../text-parts";

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

/**
 * While a post's video is processing: the spec's notice. With JavaScript its
 * state is asked for every 5 seconds and the page reloads once it has ended;
 * without, 'Check again' reloads the page.
 */
function VideoProcessing({ postId }: { postId: number }) {
  const location = useLocation();
  const status = useFetcher<{ processing: string }>();
  const revalidator = useRevalidator();
  const { load } = status;
  useEffect(() => {
    const timer = setInterval(() => load(`/post/${postId}/video-status`), VIDEO_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [load, postId]);
  // Each answer that says processing has ended reloads the page's data, until the reload replaces this notice.
  useEffect(() => {
    if (status.data && status.data.processing !== "PROCESSING" && revalidator.state === "idle") revalidator.revalidate();
  }, [status.data]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div role="status" className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <p className="font-medium">{messages.videoProcessingTitle}</p>
      <p>
        {messages.videoProcessing}{" "}
        <a href={`${location.pathname}${location.search}`} className="underline">
          Check again
        </a>
      </p>
    </div>
  );
}

/** A post's video, played in place (the asset route answers a player's ranges) once processed; until then, or if that failed, what the spec says. */
function PostVideo({ postId, video }: { postId: number; video: PostVideoData }) {
  if (video.processing === "PROCESSING") return <VideoProcessing postId={postId} />;
  if (video.processing === "ERROR") return <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">{messages.videoProcessingError}</p>;
  return (
    <video controls preload="metadata" width={video.width ?? undefined} height={video.height ?? undefined} className="mt-2 h-auto max-h-[32rem] w-full rounded-md bg-slate-900">
      <source src={video.src} type={video.contentType} />
      <a href={video.src}>Download the video</a>
    </video>
  );
}

/** A post's attachment: its picture, its video, its GIF, or its link's card. */
function Attachment({ postId, data }: { postId: number; data: PublishedItemView["data"] }) {
  const picture = (data.picture ?? null) as PostPictureData | null;
  const video = (data.video ?? null) as PostVideoData | null;
  const gif = (data.gif ?? null) as Gif | null;
  const link = (data.link ?? null) as LinkPreview | null;
  if (picture) return <PostPicture picture={picture} />;
  if (video) return <PostVideo postId={postId} video={video} />;
  if (gif) return <GifPlayer gif={gif} className="mt-2 max-h-[24rem]" />;
  return link ? (
    <div className="mt-2">
      <LinkCard link={link} />
    </div>
  ) : null;
}

/** A post's text, its #hashtags linked to their pages (banned ones stay text) and its web addresses to where they go (past the leave-site warning), and its attachment. */
export function PostText({ item }: { item: PublishedItemView }) {
  const text = typeof item.data.text === "string" ? item.data.text : "";
  const unlinked = new Set(Array.isArray(item.data.unlinkedTags) ? item.data.unlinkedTags.filter((tag): tag is string => typeof tag === "string") : []);
  const attachment = <Attachment postId={item.id} data={item.data} />;
  if (!text) return attachment;
  return (
    <>
      <p className="post-text">
        {textParts(text, unlinked).map((part, index) => {
          if (part.kind === "hashtag") {
            return (
              <Link key={index} to={`/hashtag/${encodeURIComponent(part.tag)}`} className="text-brand underline">
                {part.text}
              </Link>
            );
          }
          if (part.kind === "link") {
            return (
              <OutboundLink key={index} url={part.url} host={part.host} className="text-brand underline">
                {part.text}
              </OutboundLink>
            );
          }
          return part.text;
        })}
      </p>
      {attachment}
    </>
  );
}
