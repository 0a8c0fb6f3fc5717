/** The cookie that carries a toast across a redirect (app/server/route-helpers/toast.server.ts). */
export const TOAST_COOKIE = "lockline_toast";

/**
 * A notification to show once, possibly after a redirect. The server checks the cookie's
 * against it with zod (toast.server.ts); the browser only shows it, so it needs no zod here
 * (decision 0040).
 */
export interface Toast {
  id: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string | undefined;
}
