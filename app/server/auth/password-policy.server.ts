import { dictionary } from "@zxcvbn-ts/language-common";
import { AUTH } from "~/lib/ui-text";
import { displayName, email, newPassword } from "~/lib/schemas/auth";

let common: Set<string> | undefined;

/**
 * The common-password list shipped in @zxcvbn-ts/language-common (49,233 passwords from breach
 * corpora, all lower case) (about 50 ms to
 * decompress), loaded once into a Set on first use. Compared without case, so "Password1" counts.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"] as string[]);
  return common;
}

/** Words of this business that make a password easy to guess (ASVS 6.1.2 / 6.2.11). */
const CONTEXT_WORDS = ["lockline", "locksmith"];

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords().has(lower) || CONTEXT_WORDS.some((word) => lower.includes(word));
}

/**
 * The first reason a new password is refused (docs/spec/back-office.md §5: 8 or more characters
 * with an uppercase letter, a lowercase letter and a number; then 128 at most, not common), or
 * null.
 */
export function newPasswordProblem(password: unknown): string | null {
  const checked = newPassword.safeParse(password);
  if (!checked.success) return checked.error.issues[0]!.message;
  return isCommonPassword(checked.data) ? AUTH.passwordTooCommon : null;
}

function firstProblem(schema: typeof displayName | typeof email, value: unknown): string | null {
  const checked = schema.safeParse(value);
  return checked.success ? null : checked.error.issues[0]!.message;
}

type Body = Record<string, unknown> | undefined;

/**
 * better-auth's endpoints that take a new name, email or password → the first rule the body breaks,
 * so the API refuses what the forms refuse. Fields an endpoint leaves optional are checked only
 * when sent.
 */
export function authBodyProblem(path: string, body: Body): string | null {
  const sent = (field: string) => body !== undefined && body[field] !== undefined;
  switch (path) {
    case "/sign-up/email":
      return (
        firstProblem(displayName, body?.name) ??
        firstProblem(email, body?.email) ??
        newPasswordProblem(body?.password)
      );
    case "/change-password":
    case "/reset-password":
      return newPasswordProblem(body?.newPassword);
    case "/update-user":
      return sent("name") ? firstProblem(displayName, body?.name) : null;
    case "/change-email":
      return firstProblem(email, body?.newEmail);
    default:
      return null;
  }
}
