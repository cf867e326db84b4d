/**
 * Whether a request is the browser's own (a link followed, a form sent without
 * JavaScript), which wants a page or a redirect back, rather than a script's
 * (a Remix fetcher), which wants data. Remix takes its `?_data` off the URL
 * before a loader or action sees it; what the browser accepts tells them apart.
 */
export function wantsDocument(request: Request) {
  return (request.headers.get("accept") ?? "").includes("text/html");
}
