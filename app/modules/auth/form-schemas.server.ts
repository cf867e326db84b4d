import { z } from "zod";
import {
  CURRENT_PASSWORD_INCORRECT,
  DOES_NOT_MEET_REQUIREMENTS,
  meetsPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  SAME_AS_CURRENT,
} from "./password-rules";

// The sign-in forms' schemas, apart from their texts and rules: only the server
// checks them, so no page that shows the rules ships zod (see useCheckedForm).

/** Asking for a link to set a password (/login/reset, /login/register). */
export const PasswordLinkSchema = z.object({
  username: z
    .string({ error: "Enter your username or e-mail address" })
    .trim()
    .min(1, "Enter your username or e-mail address")
    .max(254, "That is longer than any username or e-mail address"),
});

const newPasswordShape = {
  newPassword: z.string({ error: DOES_NOT_MEET_REQUIREMENTS }).refine(meetsPasswordRules, DOES_NOT_MEET_REQUIREMENTS),
  confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
};

const passwordsMatch = (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH };

/** Setting a password from an e-mail link, and the forced change: no current password. */
export const NewPasswordSchema = z.object(newPasswordShape).refine(passwordsMatch, mismatch);

/** The voluntary change in settings: the current password too. */
export const ChangePasswordSchema = z
  .object({ currentPassword: z.string({ error: CURRENT_PASSWORD_INCORRECT }).max(PASSWORD_MAX_LENGTH), ...newPasswordShape })
  .refine(passwordsMatch, mismatch)
  .refine((value) => value.newPassword !== value.currentPassword, { path: ["newPassword"], message: SAME_AS_CURRENT });
