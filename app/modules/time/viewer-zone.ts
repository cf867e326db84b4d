/** The cookie in which the browser says which time zone it is in (set by entry.client; absent without JavaScript). */
export const VIEWER_ZONE_COOKIE = "tz";
