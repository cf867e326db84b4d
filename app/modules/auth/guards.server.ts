import { redirect, type AppLoadContext } from "@remix-run/node";
import { forProgram } from "~/modules/db/program-db.server";
import { loadCurrentEmployee } from "~/modules/employees/service.server";
import type { PermissionName } from "~/modules/employees/permissions";
import { isPluginEnabled } from "~/modules/tenants/features";
import { isProgramManager, type Viewer } from "./viewer";

export interface GuardArgs {
  request: Request;
  context: AppLoadContext;
}

/** The database, scoped to the request's program: every tenant-owned query starts here. */
export function programDb(context: AppLoadContext) {
  return forProgram(context.app.database.db, context.tenant.programId);
}

export function getSession({ request, context }: GuardArgs) {
  context.session ??= context.app.sessions.get(request, context.tenant);
  return context.session;
}

/** The signed-in viewer, or null; loaded once per request however many loaders ask. */
export function getViewer(args: GuardArgs): Promise<Viewer | null> {
  const { context } = args;
  context.viewer ??= (async () => {
    const session = await getSession(args);
    const employeeId = session.get("employeeId");
    if (!employeeId) return null;
    const db = programDb(context);
    const employee = await loadCurrentEmployee(db, employeeId);
    if (!employee) return null;
    context.employeeId = employee.id;
    const originalId = session.get("originalEmployeeId");
    const original = originalId ? await loadCurrentEmployee(db, originalId) : null;
    if (originalId && !original) return null;
    if (original) context.originalEmployeeId = original.id;
    const delegation = original
      ? { original: { id: original.id, displayName: original.displayName }, isAdminDelegate: session.get("isAdminDelegate") === true }
      : null;
    return { employee, tenant: context.tenant.config, delegation };
  })();
  return context.viewer;
}

export function loginRedirectUrl(request: Request) {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/" || target === "/feed" ? "/login" : `/login?${new URLSearchParams({ redirectTo: target })}`;
}

export const FORCED_CHANGE_PATH = "/change-password";

/**
 * The spec: routes other than the public ones send visitors to the login
 * redirect; and while an account must change its password, every page leads
 * to the change form until it is done.
 */
export async function requireViewer(args: GuardArgs): Promise<Viewer> {
  const viewer = await getViewer(args);
  if (!viewer) throw redirect(loginRedirectUrl(args.request));
  if (viewer.employee.mustChangePassword) throw redirect(FORCED_CHANGE_PATH);
  return viewer;
}

/** A failed permission guard redirects to /feed, as the spec's guards do. */
export function requirePermission(viewer: Viewer, permission: PermissionName, redirectTo = "/feed") {
  if (!viewer.employee.permissions[permission]) throw redirect(redirectTo);
}

/** A route of a plugin the tenant has off answers like a failed guard. */
export function requirePlugin(context: AppLoadContext, pluginId: string) {
  if (!isPluginEnabled(context.tenant.config, pluginId)) throw redirect("/feed");
}

/** Program settings and other program-wide administration: program managers only. */
export async function requireProgramManager(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!isProgramManager(viewer)) throw redirect("/feed");
  return viewer;
}
