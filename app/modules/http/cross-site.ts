/** The request headers that say where a form post came from. */
export interface OriginHeaders {
  origin: string | null;
  secFetchSite: string | null;
  referer: string | null;
}

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request came from a page of another origin (decision
 * 048). Origin decides when sent (scheme, host and port; "null" is another
 * origin). Without it, Sec-Fetch-Site does: only "same-origin" and "none" (typed
 * or bookmarked) are this site's, since a "same-site" sibling is another
 * program. With neither, as from a very old browser, a Referer of another origin
 * is refused; a request that says nothing at all is a client that is no browser,
 * which a session cookie can't have been sent by on someone else's behalf.
 */
export function isCrossSite(headers: OriginHeaders, ownUrl: string) {
  const ownOrigin = originOf(ownUrl);
  if (headers.origin !== null) return originOf(headers.origin) !== ownOrigin;
  if (headers.secFetchSite !== null) return headers.secFetchSite !== "same-origin" && headers.secFetchSite !== "none";
  if (headers.referer !== null) return originOf(headers.referer) !== ownOrigin;
  return false;
}
