import { requireViewer, type GuardArgs } from "~/modules/auth/guards.server";
import { redirectWithToast } from "~/modules/shell/toast.server";
import type { Viewer } from "./viewer";

/** Why the account's own security settings are read-only while acting as someone else (null when they are not). */
export function ownAccountOnly(viewer: Viewer) {
  if (!viewer.delegation) return null;
  return `You are acting on behalf of ${viewer.employee.displayName}. Only they can change their password, mobile phone or remembered devices, signed in as themselves.`;
}

/**
 * For actions that change how the account signs in or is reached (password,
 * two-factor phone): refused while acting as someone else, back to the
 * security page with the reason in the snackbar.
 */
export async function requireOwnAccount(args: GuardArgs) {
  const viewer = await requireViewer(args);
  const reason = ownAccountOnly(viewer);
  if (reason) {
    args.context.log.warn({ event: "own_account_only", path: new URL(args.request.url).pathname }, "refused while acting on behalf of someone");
    throw await redirectWithToast(args, "/settings/security", { type: "error", message: reason });
  }
  return viewer;
}
