import type { AppLoadContext, SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { verifyPassword } from "./password.server";

export const PASSWORD_STRATEGY = "password";

/** Who a strategy signed in, and for single sign-on the path saved before leaving for the IdP. */
export interface AuthenticatedUser {
  employeeId: number;
  redirectTo?: string;
}

export type AppAuthenticator = Authenticator<AuthenticatedUser>;

/** remix-auth with the username-and-password strategy; each program's SAML strategy joins it when first used. */
export function createAuthenticator(storage: SessionStorage): AppAuthenticator {
  const authenticator = new Authenticator<AuthenticatedUser>(storage, { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, context }) => {
      const username = String(form.get("username") ?? "");
      const password = String(form.get("password") ?? "");
      const employee = await findEmployeeBySignInName((context as AppLoadContext).db, username);
      const valid = await verifyPassword(employee?.password_hash ?? null, password);
      if (!employee || !valid) throw new AuthorizationError("invalid-credentials");
      return { employeeId: employee.id };
    }),
    PASSWORD_STRATEGY,
  );
  return authenticator;
}

/** The employee the posted credentials belong to, or null. Never says which part was wrong. */
export async function authenticateWithPassword(request: Request, context: AppLoadContext) {
  try {
    const user = await context.app.authenticator.authenticate(PASSWORD_STRATEGY, request, { context });
    return user.employeeId;
  } catch (error) {
    if (error instanceof AuthorizationError) return null;
    throw error;
  }
}
