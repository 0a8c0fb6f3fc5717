import { z } from "zod";
import { AUTH, FIELD } from "../ui-text";
import { displayName, newPassword, totpCode } from "./auth";
import { intent } from "./fields";

export const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(128);

export const updateNameSchema = intent("update-name", { name: displayName });

export const changePasswordSchema = intent("change-password", {
  currentPassword,
  newPassword,
  confirmPassword: z.string({ error: FIELD.repeatPassword }).min(1, FIELD.repeatPassword),
}).refine((value) => value.newPassword === value.confirmPassword, {
  message: FIELD.passwordsDiffer,
  path: ["confirmPassword"],
});

export const twoFactorStartSchema = intent("two-factor-start", { password: currentPassword });
export const twoFactorConfirmSchema = intent("two-factor-confirm", { code: totpCode });
/** Turning two-factor off takes one code: from the app, or a recovery code. */
export const twoFactorDisableSchema = intent("two-factor-disable", {
  code: z
    .string({ error: AUTH.anyCodeFormat })
    .trim()
    .min(1, AUTH.anyCodeFormat)
    .max(64, AUTH.anyCodeFormat),
});

const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

/** A browser's push subscription (PushSubscription.toJSON()), sent by the Profile page. */
export const pushSubscribeSchema = intent("push-subscribe", {
  endpoint: z.url().max(2000),
  p256dh: base64url(200),
  auth: base64url(100),
});

/** The Profile page's actions. */
export const profileActionSchema = z.discriminatedUnion("intent", [
  updateNameSchema,
  changePasswordSchema,
  intent("revoke-session", { sessionId: z.string().min(1).max(200) }),
  twoFactorStartSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  pushSubscribeSchema,
  intent("push-remove", { subscriptionId: z.uuid() }),
  intent("push-test", {}),
]);

/** /admin/confirm: the password again, or a code from the app, before a sensitive change. */
export const confirmActionSchema = z.discriminatedUnion("intent", [
  intent("confirm-password", {
    password: currentPassword,
    redirectTo: z.string().max(2000).optional(),
  }),
  intent("confirm-code", { code: totpCode, redirectTo: z.string().max(2000).optional() }),
]);
