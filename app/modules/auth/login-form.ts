export const USERNAME_MAX = 100;
export const PASSWORD_MAX = 200;

/** What the browser checks before a sign-in is posted; the server checks LoginSchema, built on the same limits. */
export const LOGIN_CONSTRAINT = {
  username: { required: true, maxLength: USERNAME_MAX },
  password: { required: true, maxLength: PASSWORD_MAX },
};
