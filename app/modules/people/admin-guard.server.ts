import { NOT_ALLOWED, refuseToFeed, requireProgramManager, type GuardArgs } from "~/modules/auth/guards.server";

/** The people pages: a program manager acting as themselves (a delegate never changes people's permissions). */
export async function requirePeopleManager(args: GuardArgs) {
  const viewer = await requireProgramManager(args);
  if (viewer.delegation) await refuseToFeed(args, NOT_ALLOWED);
  return viewer;
}
