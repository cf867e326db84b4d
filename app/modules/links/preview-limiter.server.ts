import type { ActionLimit } from "~/modules/limits/action-limiter.server";

/**
 * Pages a person may have the server fetch for link previews in 10 minutes (a
 * link previewed in the last day costs nothing), so that no one can use it to
 * fetch the web, or fill the program's storage with pictures, at will.
 */
export const PREVIEW_LIMIT = { name: "link previews", windows: [{ points: 30, seconds: 10 * 60 }] } as const satisfies ActionLimit;
