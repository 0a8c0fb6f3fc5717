import { z } from "zod";
import { AUTH, FIELD } from "../ui-text";

export const email = z
  .string({ error: FIELD.emailRequired })
  .trim()
  .min(1, FIELD.emailRequired)
  .max(254, AUTH.emailTooLong)
  .pipe(z.email(FIELD.emailInvalid))
  .transform((value) => value.toLowerCase());

/** The sign-up strength rule, reused wherever a new password is chosen. */
export const newPassword = z
  .string({ error: FIELD.passwordRequired })
  .min(1, FIELD.passwordRequired)
  .min(8, AUTH.passwordTooShort)
  .max(128, AUTH.passwordTooLong)
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    AUTH.passwordTooWeak,
  );

/** A person's name as shown in the header and the team list. */
export const displayName = z
  .string({ error: FIELD.nameRequired })
  .trim()
  .min(1, FIELD.nameRequired)
  .max(100, AUTH.nameTooLong);

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email,
  // No strength check on sign-in (docs/spec/back-office.md §5): only that something was typed.
  password: z.string({ error: FIELD.passwordRequired }).min(1, FIELD.passwordRequired),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  name: displayName,
  email,
  password: newPassword,
  redirectTo: z.string().optional(),
});

export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);

/** A 6-digit authenticator code; spaces people type between the digits are dropped. */
export const totpCode = z
  .string({ error: AUTH.codeFormat })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, AUTH.codeFormat));

/** The sign-in's second step: a code from the app, or one of the recovery codes. */
export const twoFactorChallengeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("totp"),
    code: totpCode,
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({
    intent: z.literal("recovery"),
    code: z
      .string({ error: AUTH.recoveryCodeFormat })
      .trim()
      .min(1, AUTH.recoveryCodeFormat)
      .max(64, AUTH.recoveryCodeFormat),
    redirectTo: z.string().max(2000).optional(),
  }),
]);

/** "Forgot password?": the email to send a reset link to. */
export const forgotPasswordSchema = z.object({ email });

/** The reset link's page: the new password, twice. */
export const resetPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: z.string({ error: FIELD.repeatPassword }).min(1, FIELD.repeatPassword),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: FIELD.passwordsDiffer,
    path: ["confirmPassword"],
  });
