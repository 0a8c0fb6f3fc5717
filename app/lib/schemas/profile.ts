import { z } from "zod";
import { displayName, newPassword } from "./auth";
import { intent } from "./fields";

export const updateNameSchema = intent("update-name", { name: displayName });

export const changePasswordSchema = intent("change-password", {
  currentPassword: z
    .string({ error: "Enter your current password" })
    .min(1, "Enter your current password"),
  newPassword,
  confirmPassword: z.string({ error: "Repeat the new password" }).min(1, "Repeat the new password"),
}).refine((value) => value.newPassword === value.confirmPassword, {
  message: "The passwords do not match",
  path: ["confirmPassword"],
});

/** The Profile page's actions. */
export const profileActionSchema = z.discriminatedUnion("intent", [
  updateNameSchema,
  changePasswordSchema,
  intent("revoke-session", { sessionId: z.string().min(1).max(200) }),
]);
