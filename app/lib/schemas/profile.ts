import { z } from "zod";
import { displayName, newPassword, totpCode } from "./auth";
import { intent } from "./fields";

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(128);

export const updateNameSchema = intent("update-name", { name: displayName });

export const changePasswordSchema = intent("change-password", {
  currentPassword,
  newPassword,
  confirmPassword: z.string({ error: "Repeat the new password" }).min(1, "Repeat the new password"),
}).refine((value) => value.newPassword === value.confirmPassword, {
  message: "The passwords do not match",
  path: ["confirmPassword"],
});

export const twoFactorStartSchema = intent("two-factor-start", { password: currentPassword });
export const twoFactorConfirmSchema = intent("two-factor-confirm", { code: totpCode });
export const twoFactorDisableSchema = intent("two-factor-disable", {
  password: currentPassword,
  code: totpCode,
});

/** The Profile page's actions. */
export const profileActionSchema = z.discriminatedUnion("intent", [
  updateNameSchema,
  changePasswordSchema,
  intent("revoke-session", { sessionId: z.string().min(1).max(200) }),
  twoFactorStartSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
]);
