import crypto from "node:crypto";
import { createCookie, redirect, type Cookie } from "react-router";
import { z } from "zod";
import { TOAST_COOKIE, type Toast } from "~/lib/admin/toast";
import { getEnv } from "../env.server";

/** What a toast cookie must hold (it comes back from the browser: checked, unknown keys dropped). */
const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

/**
 * A toast that survives a redirect: stored in a short-lived cookie that loaders hand to
 * the browser. The Epic Stack's pattern, with one change: the loader that reads it does not
 * clear it, the browser does once it has shown it (useFlashToast). A load that cleared it
 * could be cancelled by a newer one (a live update reloading the page at that moment), and
 * the toast was lost. So the cookie is readable by our script: it holds only the message.
 */
let cookie: Cookie | undefined;

/** Made on first use: it is Secure when the site is served over https (SITE_URL). */
function toastCookie(): Cookie {
  cookie ??= createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: false,
    sameSite: "lax",
    secure: getEnv().SITE_URL.startsWith("https://"),
    // Without JavaScript nobody clears it: it must not outlive the page it was meant for.
    maxAge: 15,
  });
  return cookie;
}

export type ToastInput = Omit<Toast, "id">;

export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await toastCookie().serialize({ ...toast, id: crypto.randomUUID() }),
  );
  return headers;
}

export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  headers?: Headers,
): Promise<Response> {
  const all = new Headers(headers);
  for (const cookie of (await toastHeaders(toast)).getSetCookie()) all.append("Set-Cookie", cookie);
  return redirect(url, { headers: all });
}

/** The pending toast, if any (headers clear a cookie that does not hold a toast). */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined && !parsed.success) {
    headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
