import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { toastSchema, type Toast } from "~/lib/toast";

/**
 * A toast that survives a redirect: stored in a short-lived cookie, shown once by the next
 * page that reads it (and clears it). The Epic Stack's pattern.
 */
const toastCookie = createCookie("lockline_toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

export type ToastInput = Omit<Toast, "id">;

export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await toastCookie.serialize({ ...toast, id: crypto.randomUUID() }));
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

/** The pending toast, if any, and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined) {
    headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
