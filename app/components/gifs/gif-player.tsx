import type { Gif } from "~/modules/gifs/gifs";
import { cn } from "~/utils/cn";

/**
 * A GIF as GIPHY serves it, an MP4 that plays looped and muted; its controls
 * let anyone pause what would otherwise move forever. Its title describes it.
 */
export function GifPlayer({ gif, className }: { gif: Gif; className?: string }) {
  return (
    <video
      src={gif.src}
      aria-label={gif.title}
      width={gif.width ?? undefined}
      height={gif.height ?? undefined}
      autoPlay
      loop
      muted
      playsInline
      controls
      preload="metadata"
      className={cn("rounded-md bg-slate-100", className)}
    />
  );
}
