import type { AppLoadContext, SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { findEmployeeBySignInName } from "~/modules/employees/service.server";
import { programDb } from "./guards.server";
import { verifyPassword } from "./password.server";

export const PASSWORD_STRATEGY = "password";

/** remix-auth with the username-and-password strategy; SSO strategies join it per tenant. */
export function createAuthenticator(storage: SessionStorage) {
  const authenticator = new Authenticator<number>(storage, { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, context }) => {
      const username = String(form.get("username") ?? "");
      const password = String(form.get("password") ?? "");
      const employee = await findEmployeeBySignInName(programDb(context as AppLoadContext), username);
      const valid = await verifyPassword(employee?.password_hash ?? null, password);
      if (!employee || !valid) throw new AuthorizationError("invalid-credentials");
      return employee.id;
    }),
    PASSWORD_STRATEGY,
  );
  return authenticator;
}

/** The employee the posted credentials belong to, or null. Never says which part was wrong. */
export async function authenticateWithPassword(request: Request, context: AppLoadContext) {
  try {
    return await context.app.authenticator.authenticate(PASSWORD_STRATEGY, request, { context });
  } catch (error) {
    if (error instanceof AuthorizationError) return null;
    throw error;
  }
}
