import type { AppLoadContext } from "@remix-run/node";
import type { Viewer } from "./viewer";

/**
 * A password re-entered by the signed-in person (to change it, to act as a
 * delegate): limited like sign-in, per the person who signed in and per client
 * address. `check` verifies the password; the answer is its result, or how long
 * to wait.
 */
export async function limitedPasswordCheck<T>(
  context: AppLoadContext,
  viewer: Viewer,
  check: () => Promise<T>,
  isRight: (result: T) => boolean,
): Promise<{ limited: false; result: T } | { limited: true; retryAfterSeconds: number }> {
  const signedIn = viewer.delegation?.original.id ?? viewer.employee.id;
  const attempt = await context.app.loginLimiter.begin(context.tenant.programId, { employeeId: signedIn }, context.clientAddress);
  if (!attempt.allowed) {
    context.log.warn({ event: "password_check_limited" }, "password re-entry rate limited");
    return { limited: true, retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const result = await check();
  if (isRight(result)) await attempt.succeeded();
  return { limited: false, result };
}
