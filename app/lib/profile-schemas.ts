import { z } from "zod";
import { newPassword } from "./auth-schemas";

export const updateNameSchema = z.object({
  intent: z.literal("update-name"),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long"),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, "Enter your current password"),
    newPassword,
    confirmPassword: z
      .string({ error: "Repeat the new password" })
      .min(1, "Repeat the new password"),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });

export const revokeSessionSchema = z.object({
  intent: z.literal("revoke-session"),
  sessionId: z.string().min(1),
});
