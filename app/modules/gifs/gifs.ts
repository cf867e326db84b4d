/** GIFs as the app shows them, from GIPHY (the spec's GIF attachment: source 'GIPHY', named by the GIF's id, video/mp4). */

/** Where GIPHY serves a GIF's MP4, by its id. */
export const GIPHY_MEDIA_ORIGIN = "https://media.giphy.com";
/** The spec's GIF page size. */
export const GIF_PAGE_SIZE = 12;
/** How many a search may grow to with 'Show More'. */
export const GIF_MAX_SHOWN = 48;
export const GIF_TITLE_MAX = 200;
export const GIFS_UNAVAILABLE = "GIFs can't be reached right now. Try again in a moment.";

const GIF_ID = /^[A-Za-z0-9]{1,64}$/;

export function isGifId(value: string) {
  return GIF_ID.test(value);
}

export function gifSource(id: string) {
  return `${GIPHY_MEDIA_ORIGIN}/media/${id}/giphy.mp4`;
}

/** A GIF: GIPHY's MP4 of it, played looped and muted, its title describing it. */
export interface Gif {
  id: string;
  title: string;
  src: string;
  width: number | null;
  height: number | null;
}
