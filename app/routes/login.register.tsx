import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { PasswordLinkPage } from "~/components/password-link-form";
import { passwordLinkAction, passwordLinkLoader } from "~/modules/auth/password-link.server";
import { signInLayout } from "~/components/auth-card";

/** Shown without the shell, signed in or not. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: "Set up your account" }];

export const loader = passwordLinkLoader;

export const action = (args: ActionFunctionArgs) => passwordLinkAction(args, "REGISTER");

export default function RegisterPage() {
  return (
    <PasswordLinkPage
      title="Set up your account"
      intro="Your organisation has created your account. Enter your username or work e-mail address and we'll e-mail you a link to choose your password."
      submitLabel="Send set-up link"
    />
  );
}
