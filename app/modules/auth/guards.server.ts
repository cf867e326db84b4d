import { redirect, type AppLoadContext } from "@remix-run/node";
import { sessionStillValid, stillSignedIn } from "~/modules/employees/service.server";
import type { PermissionName } from "~/modules/employees/permissions";
import { isPluginEnabled } from "~/modules/tenants/features";
import { isProgramManager, type Viewer } from "./viewer";
import { redirectWithToast } from "~/modules/shell/toast.server";

export interface GuardArgs {
  request: Request;
  context: AppLoadContext;
}

export function getSession({ request, context }: GuardArgs) {
  context.session ??= context.app.sessions.get(request, context.tenant);
  return context.session;
}

/**
 * The signed-in viewer, or null; loaded once per request however many loaders ask, from the rows
 * this process keeps while they are current (decision 091). When this
 * process has read the request's session before, the row of whom it acted as is read while the
 * session is (two round trips at once instead of one after the other), and used only if the
 * session still acts as them.
 */
export function getViewer(args: GuardArgs): Promise<Viewer | null> {
  const { context } = args;
  context.viewer ??= (async () => {
    const db = context.db;
    const people = context.app.keptEmployees;
    const hinted = context.app.sessions.employeeHint(args.request, context.tenant);
    const early = hinted === undefined ? undefined : people.read(db, hinted);
    // Awaited below when the guess holds; a failure is then the request's, and otherwise no one's.
    early?.catch(() => undefined);
    const session = await getSession(args);
    const employeeId = session.get("employeeId");
    if (!employeeId) return null;
    // The person who signed in (the delegate, while delegating) must not have changed their password since.
    const originalId = session.get("originalEmployeeId");
    const signedInAt = new Date(session.get("signedInAt") ?? 0);
    const found = await (employeeId === hinted ? early! : people.read(db, employeeId));
    const employee = found && (originalId || sessionStillValid(found, signedInAt)) ? found.employee : null;
    if (!employee) return null;
    context.employeeId = employee.id;
    const original = originalId ? stillSignedIn(await people.read(db, originalId), signedInAt) : null;
    if (originalId && !original) return null;
    if (original) context.originalEmployeeId = original.id;
    const delegation = original
      ? { original: { id: original.id, displayName: original.displayName }, isAdminDelegate: session.get("isAdminDelegate") === true }
      : null;
    return { employee: { ...employee, permissions: context.app.registry.withPermissionDefaults(employee.permissions) }, tenant: context.tenant.config, delegation };
  })().finally(() => {
    context.viewerKnownAt = performance.now();
  });
  return context.viewer;
}

/** `path`, carrying the requested page as `redirectTo` unless it is the feed, where every way in ends anyway. */
function withReturnTo(path: string, request: Request) {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/" || target === "/feed" ? path : `${path}?${new URLSearchParams({ redirectTo: target })}`;
}

export function loginRedirectUrl(request: Request) {
  return withReturnTo("/login", request);
}

export const FORCED_CHANGE_PATH = "/change-password";
export const TWO_FACTOR_PATH = "/two-factor";

/**
 * Whether this viewer still owes the SMS code: the program asks for it, the
 * session has not given it, this device does not remember it, and the session
 * is not a delegation (delegates and admin delegates bypass, as the spec says).
 */
export async function owesSecondFactor(args: GuardArgs, viewer: Viewer) {
  if (!args.context.tenant.config.siteConfig.twoFactorEnabled || viewer.delegation) return false;
  if ((await getSession(args)).get("twoFactorVerified") === true) return false;
  return !(await args.context.app.devices.remembers(args.request, args.context.tenant.programId, viewer.employee.id));
}

/** Until the code is given, every page leads to the two-factor step (and back to the page after). */
export async function requireSecondFactor(args: GuardArgs, viewer: Viewer) {
  if (await owesSecondFactor(args, viewer)) throw redirect(withReturnTo(TWO_FACTOR_PATH, args.request));
}

/**
 * The spec: routes other than the public ones send visitors to the login
 * redirect; the two-factor step comes next where the program asks for it; and
 * while an account must change its password, every page leads to the change
 * form until it is done.
 */
export async function requireViewer(args: GuardArgs): Promise<Viewer> {
  const viewer = await getViewer(args);
  if (!viewer) throw redirect(loginRedirectUrl(args.request));
  await requireSecondFactor(args, viewer);
  if (viewer.employee.mustChangePassword) throw redirect(FORCED_CHANGE_PATH);
  return viewer;
}

export const NOT_ALLOWED = "You don't have access to that page.";
export const NOT_IN_PROGRAM = "That page is not part of this program.";

/**
 * A failed guard: to /feed, as the spec's guards do, with the reason in the
 * snackbar there (a cookie for a visitor, the session otherwise).
 */
export async function refuseToFeed(args: GuardArgs, message: string): Promise<never> {
  throw await redirectWithToast(args, "/feed", { type: "error", message });
}

export async function requirePermission(args: GuardArgs, viewer: Viewer, permission: PermissionName) {
  if (!viewer.employee.permissions[permission]) await refuseToFeed(args, NOT_ALLOWED);
}

/** A route of a plugin the tenant has off answers like a failed guard. */
export async function requirePlugin(args: GuardArgs, pluginId: string) {
  if (!isPluginEnabled(args.context.tenant.config, pluginId)) await refuseToFeed(args, NOT_IN_PROGRAM);
}

/** Program settings and other program-wide administration: program managers only. */
export async function requireProgramManager(args: GuardArgs) {
  const viewer = await requireViewer(args);
  if (!isProgramManager(viewer)) await refuseToFeed(args, NOT_ALLOWED);
  return viewer;
}
