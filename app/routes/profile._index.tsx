import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/auth/guards.server";

/** One's own profile (the profile menu's 'My Profile'), wherever one's id is not at hand. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  return redirect(`/profile/${viewer.employee.id}`);
}
