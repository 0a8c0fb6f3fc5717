/** better-auth's error body → one sentence for the alert and the toast. */
export async function authErrorMessage(response: Response): Promise<string> {
  if (response.status === 429) {
    return tooManyAttempts(Number(response.headers.get("X-Retry-After")));
  }
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) return body.message.endsWith(".") ? body.message : `${body.message}.`;
  } catch {
    // not JSON
  }
  return "Something went wrong. Please try again.";
}

/** "Too many attempts. Try again in 3 minutes." (or "later" without a known wait). */
export function tooManyAttempts(retryAfterSeconds: number | null): string {
  const retry = Number(retryAfterSeconds);
  const wait =
    Number.isFinite(retry) && retry > 0
      ? ` Try again in ${formatWait(retry)}.`
      : " Try again later.";
  return `Too many attempts.${wait}`;
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
