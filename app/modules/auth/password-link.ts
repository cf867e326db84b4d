export const PASSWORD_LINK_SENT =
  "If that account exists, we've sent an e-mail with a link to set its password. Check your inbox; the link works once.";
