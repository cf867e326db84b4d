import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { PasswordLinkPage } from "~/components/password-link-form";
import { passwordLinkAction, passwordLinkLoader } from "~/modules/auth/password-link.server";
import { signInLayout } from "~/components/auth-card";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Reset your password" }];

export const loader = passwordLinkLoader;

export const action = (args: ActionFunctionArgs) => passwordLinkAction(args, "RESET");

export default function ResetPasswordRequestPage() {
  return (
    <PasswordLinkPage
      title="Reset your password"
      intro="Enter your username or e-mail address and we'll e-mail you a link to choose a new password."
      submitLabel="Send reset link"
    />
  );
}
