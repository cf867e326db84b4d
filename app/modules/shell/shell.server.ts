import type { GuardArgs } from "~/modules/auth/guards.server";
import { getSession, getViewer } from "~/modules/auth/guards.server";
import { visibleNotices } from "./notices";
import { colorVersion } from "~/modules/tenants/theme";
import { viewerZoneOf } from "~/modules/time/zones";

/** Everything the root layout shows around a page: brand, menus, notices and the flash message. */
export async function loadShell(args: GuardArgs) {
  const { context } = args;
  const [session, viewer] = await Promise.all([getSession(args), getViewer(args)]);
  const { config } = context.tenant;
  const { visitorCookies } = context.app;
  const sessionToast = session.get("toast") ?? null;
  const visitor = sessionToast ? null : await visitorCookies.takeToast(args.request);
  const toast = sessionToast ?? visitor?.toast ?? null;
  const shell = {
    brand: { name: config.name, logoUrl: config.branding.logoUrl, logoAlt: config.branding.logoAlt },
    colorVersion: colorVersion(config.branding.colors),
    /** The page in high contrast: the person chose it where the program offers it. */
    highContrast: viewer !== null && config.siteConfig.highContrastEnabled && viewer.employee.highContrast,
    timeZone: config.program.timeZone,
    /** The browser's own zone, as its script last said in a cookie: times name the program's zone where it differs. */
    viewerTimeZone: viewerZoneOf(args.request.headers.get("Cookie")),
    viewer: viewer
      ? {
          id: viewer.employee.id,
          firstName: viewer.employee.firstName,
          lastName: viewer.employee.lastName,
          displayName: viewer.employee.displayName,
          unreadNotifications: viewer.employee.unreadNotifications,
        }
      : null,
    menus: viewer ? context.app.registry.menus(viewer) : null,
    delegation: viewer?.delegation
      ? { originalName: viewer.delegation.original.displayName, isAdminDelegate: viewer.delegation.isAdminDelegate }
      : null,
    notices: visibleNotices(context.app.env, config, await visitorCookies.dismissedNotices(args.request)),
    toast,
  };
  // Reading a flash message consumes it; only then does the session (or the visitor's cookie) need writing.
  const setCookie = sessionToast ? await context.app.sessions.commit(session, args.request) : visitor?.clear;
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  return { shell, headers };
}
