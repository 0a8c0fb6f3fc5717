/** better-auth's error body → one sentence for the alert and the toast. */
export async function authErrorMessage(response: Response): Promise<string> {
  if (response.status === 429) {
    const retry = Number(response.headers.get("X-Retry-After"));
    const wait =
      Number.isFinite(retry) && retry > 0
        ? ` Try again in ${formatWait(retry)}.`
        : " Try again later.";
    return `Too many attempts.${wait}`;
  }
  try {
    const body = (await response.json()) as { message?: string; code?: string };
    if (
      body.code === "USER_ALREADY_EXISTS" ||
      body.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
    ) {
      return "An account with this email already exists. Sign in instead.";
    }
    if (body.message) return body.message.endsWith(".") ? body.message : `${body.message}.`;
  } catch {
    // not JSON
  }
  return "Something went wrong. Please try again.";
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
