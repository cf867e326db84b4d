import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { isHttps, type Toast } from "~/modules/auth/session.server";

/** At most this many dismissed notices are remembered (a program has at most 5, plus the global one). */
const MAX_DISMISSED = 10;

const dismissedSchema = z.array(z.string().max(60)).max(MAX_DISMISSED).catch([]);
const toastSchema = z.object({ type: z.enum(["success", "error", "info", "warning"]), message: z.string().max(500), persistent: z.boolean().optional() }).nullable().catch(null);

/**
 * What the app remembers for a browser without storing anything on the server:
 * the notices it closed, and a one-time message (the snackbar) for a visitor,
 * who has no session until signing in. Signed, small and bounded.
 */
export function createVisitorCookies(secrets: string[]) {
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets };
  const dismissed = createCookie("__notices", { ...base, maxAge: 60 * 60 * 24 * 30 });
  const flash = createCookie("__flash", { ...base, maxAge: 60 });
  const options = (request: Request) => ({ secure: isHttps(request) });

  return {
    async dismissedNotices(request: Request): Promise<string[]> {
      return dismissedSchema.parse(await dismissed.parse(request.headers.get("Cookie")));
    },

    /** Adds a closed notice; the oldest go first past the bound. */
    async dismissNotice(request: Request, key: string) {
      const keys = [...new Set([...(await this.dismissedNotices(request)), key])].slice(-MAX_DISMISSED);
      return dismissed.serialize(keys, options(request));
    },

    async setToast(request: Request, toast: Toast) {
      return flash.serialize(toast, options(request));
    },

    /** The visitor's one-time message, if any, and the header that forgets it. */
    async takeToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
      const toast = toastSchema.parse(await flash.parse(request.headers.get("Cookie")));
      return { toast, clear: toast ? await flash.serialize("", { ...options(request), maxAge: 0 }) : null };
    },
  };
}

export type VisitorCookies = ReturnType<typeof createVisitorCookies>;
