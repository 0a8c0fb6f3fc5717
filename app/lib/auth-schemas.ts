import { z } from "zod";

/** The spec's exact texts. */
export const PASSWORD_HINT =
  "Password must be at least 8 characters with uppercase, lowercase, and number";
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters long";
export const PASSWORD_TOO_WEAK =
  "Password must contain at least one uppercase letter, one lowercase letter, and one number";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Enter a valid email address"))
  .transform((value) => value.toLowerCase());

/** The sign-up strength rule, reused wherever a new password is chosen. */
export const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(8, PASSWORD_TOO_SHORT)
  .max(128, "Password must be at most 128 characters long")
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    PASSWORD_TOO_WEAK,
  );

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email,
  // No strength check on sign-in (the spec): only that something was typed.
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long"),
  email,
  password: newPassword,
  redirectTo: z.string().optional(),
});

export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);
