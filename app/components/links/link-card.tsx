import type { LinkPreview, VideoEmbed } from "~/modules/links/links";
import { OutboundLink } from "./outbound-link";

/** A link's video, played in place: the site's own player, which may send the page's origin (its players refuse to play without it). */
function EmbeddedVideo({ link, embed }: { link: LinkPreview; embed: VideoEmbed }) {
  return (
    <figure className="flex flex-col gap-1">
      <iframe
        src={embed.src}
        title={link.title ?? `${embed.provider} video`}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-md bg-slate-900"
      />
      <figcaption className="text-sm text-slate-700">
        <OutboundLink url={link.url} host={link.host} internal={link.internal} className="underline-offset-2 hover:underline">
          {link.title ?? link.url}
        </OutboundLink>{" "}
        <span className="text-slate-600">· {embed.provider}</span>
      </figcaption>
    </figure>
  );
}

/** A link as a card (spec: Add Link preview card): the site's picture, title, description and host; a link to a video site plays in place. */
export function LinkCard({ link }: { link: LinkPreview }) {
  if (link.embed) return <EmbeddedVideo link={link} embed={link.embed} />;
  return (
    <OutboundLink
      url={link.url}
      host={link.host}
      internal={link.internal}
      className="flex flex-col overflow-hidden rounded-md border border-slate-200 bg-white text-left hover:bg-slate-50 sm:flex-row"
    >
      {link.image ? (
        <img
          src={link.image.src}
          alt=""
          width={link.image.width ?? undefined}
          height={link.image.height ?? undefined}
          loading="lazy"
          className="h-40 w-full bg-slate-100 object-cover sm:h-auto sm:w-40"
        />
      ) : null}
      <span className="flex min-w-0 flex-col gap-1 p-3">
        <span className="text-xs uppercase tracking-wide text-slate-600">{link.siteName ?? link.host}</span>
        <span className="break-words font-medium text-slate-900">{link.title ?? link.url}</span>
        {link.description ? <span className="line-clamp-3 text-sm text-slate-700">{link.description}</span> : null}
      </span>
    </OutboundLink>
  );
}
