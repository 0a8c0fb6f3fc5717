import { z } from "zod";
import { AUTH, FIELD } from "../messages";

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
  // No strength check on sign-in (the spec): only that something was typed.
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
