import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { PASSWORD_MAX, USERNAME_MAX } from "./login-form";

/**
 * The sign-in form, checked on the server only: kept out of the route module so
 * the sign-in page, the one every visitor loads, ships without zod.
 */
export const LoginSchema = z.object({
  username: z
    .string({ error: "Enter your username or e-mail address" })
    .trim()
    .min(1, "Enter your username or e-mail address")
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  redirectTo: z.string().optional(),
});

export function parseLogin(formData: FormData) {
  return parseWithZod(formData, { schema: LoginSchema });
}
