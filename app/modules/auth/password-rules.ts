export const DOES_NOT_MEET_REQUIREMENTS = "Does not meet requirements";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const SAME_AS_CURRENT = "Choose a password different from your current one";
/** Shown with the rules where a current password exists (the forced and the voluntary change); checked on the server. */
export const DIFFERENT_FROM_CURRENT_RULE = "Different from your current password";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** The spec's password rules, shown live as a checklist with JavaScript and enforced on the server. */
export const passwordRules = [
  { id: "length", label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "upper", label: "An upper-case letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "A lower-case letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "A number", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "One of !@#$%^&*()", test: (p: string) => /[!@#$%^&*()]/.test(p) },
] as const;

export function meetsPasswordRules(password: string) {
  return password.length <= PASSWORD_MAX_LENGTH && passwordRules.every((rule) => rule.test(password));
}
