import { z } from "zod";
import { intent } from "./fields";

const userId = z.string().min(1).max(200);

/**
 * The Settings page's actions: the owner's team buttons (roles, two-factor, reset links,
 * lockouts), and the phone-call toggle.
 */
export const settingsActionSchema = z.discriminatedUnion("intent", [
  intent("approve", { userId }),
  intent("set-role", {
    userId,
    role: z.enum(["owner", "admin"], { error: "Choose Owner or Admin" }),
  }),
  intent("revoke", { userId }),
  intent("remove", { userId }),
  intent("auto-phone-leads", { enabled: z.enum(["on", "off"]) }),
  intent("two-factor-required", { required: z.enum(["on", "off"]) }),
  intent("reset-two-factor", { userId }),
  intent("make-reset-link", { userId }),
  intent("lift-lockout", { userId }),
  intent("end-sessions", { userId }),
]);
