import { z } from "zod";

export const PASSWORD_LINK_SENT =
  "If that account exists, we've sent an e-mail with a link to set its password. Check your inbox; the link works once.";

export const PasswordLinkSchema = z.object({
  username: z
    .string({ error: "Enter your username or e-mail address" })
    .trim()
    .min(1, "Enter your username or e-mail address")
    .max(254, "That is longer than any username or e-mail address"),
});
