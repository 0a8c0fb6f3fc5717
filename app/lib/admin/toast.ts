import * as z from "zod/mini";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.optional(z.string()),
});

/** The cookie that carries a toast across a redirect (app/server/route-helpers/toast.server.ts). */
export const TOAST_COOKIE = "lockline_toast";

/** A notification to show once, possibly after a redirect. */
export type Toast = z.infer<typeof toastSchema>;
