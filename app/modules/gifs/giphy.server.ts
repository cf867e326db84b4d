import { z } from "zod";
import { GIF_MAX_SHOWN, gifSource, isGifId, type Gif } from "./gifs";

/**
 * GIFs from GIPHY, the spec's GIF provider (attachments with source 'GIPHY',
 * named by the GIF's id), through its REST API with the program operator's
 * key (GIPHY_API_KEY). Without a key there are no GIFs to offer.
 */

export const GIPHY_API = "https://api.giphy.com/v1/gifs";

const rendition = z.object({ width: z.coerce.number().int().positive().optional(), height: z.coerce.number().int().positive().optional() });
const giphyGif = z.object({
  id: z.string().refine(isGifId),
  title: z.string().max(500).catch(""),
  images: z.object({ fixed_width: rendition.optional() }).catch({}),
});
const searchAnswer = z.object({ data: z.array(giphyGif.nullable().catch(null)), pagination: z.object({ total_count: z.number().optional(), count: z.number() }) });
const oneAnswer = z.object({ data: giphyGif });

function toGif(found: z.infer<typeof giphyGif>): Gif {
  const size = found.images.fixed_width;
  return { id: found.id, title: found.title.trim() || "GIF", src: gifSource(found.id), width: size?.width ?? null, height: size?.height ?? null };
}

export class GifsUnavailableError extends Error {
  override name = "GifsUnavailableError";
}

export interface GifProvider {
  /** Up to `count` GIFs for `query` (the trending ones for an empty query), and whether there are more. */
  search(query: string, count: number): Promise<{ gifs: Gif[]; more: boolean }>;
  /** One GIF by its id, or null when GIPHY has none by it. */
  find(id: string): Promise<Gif | null>;
}

/** GIPHY's API with `apiKey`; every call gives up after 5 s and reports GifsUnavailableError. */
export function giphy(apiKey: string): GifProvider {
  async function call(path: string, params: Record<string, string>) {
    const url = new URL(`${GIPHY_API}${path}`);
    url.search = new URLSearchParams({ api_key: apiKey, ...params }).toString();
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { Accept: "application/json" } });
    } catch (error) {
      throw new GifsUnavailableError(`GIPHY did not answer: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new GifsUnavailableError(`GIPHY answered ${response.status}`);
    return response.json().catch(() => {
      throw new GifsUnavailableError("GIPHY's answer was not JSON");
    }) as Promise<unknown>;
  }

  return {
    async search(query, count) {
      const limit = Math.min(Math.max(count, 1), GIF_MAX_SHOWN);
      const trimmed = query.trim().slice(0, 50);
      const answer = await call(trimmed ? "/search" : "/trending", { ...(trimmed ? { q: trimmed, lang: "en" } : {}), limit: String(limit), offset: "0", rating: "g" });
      const parsed = searchAnswer.safeParse(answer);
      if (!parsed.success) throw new GifsUnavailableError("GIPHY's answer was not a list of GIFs");
      const gifs = parsed.data.data.flatMap((found) => (found ? [toGif(found)] : []));
      const total = parsed.data.pagination.total_count ?? gifs.length;
      return { gifs, more: limit < GIF_MAX_SHOWN && total > limit };
    },
    async find(id) {
      if (!isGifId(id)) return null;
      const answer = await call(`/${id}`, {});
      if (answer === null) return null;
      const parsed = oneAnswer.safeParse(answer);
      if (!parsed.success) throw new GifsUnavailableError("GIPHY's answer was not a GIF");
      return toGif(parsed.data.data);
    },
  };
}
