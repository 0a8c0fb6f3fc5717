import { ROLE_LABELS, type Role } from "./roles";

/*
 * How Settings → Account activity words an entry of the activity log about an account:
 * sign-ins, failed sign-ins and lockouts, two-factor, passwords and roles (decision 0030).
 */

export interface AccountEvent {
  action: string;
  actorKind: string;
  actorId: string | null;
  actorName: string | null;
  /** The account it is about. */
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const FAILURES: Record<string, string> = {
  password: "Failed sign-in: wrong password",
  code: "Failed sign-in: wrong code from the app",
  recovery_code: "Failed sign-in: wrong recovery code",
  locked: "Sign-in refused: the account is locked",
};

const SIGN_IN_METHODS: Record<string, string> = {
  password: "Signed in",
  authenticator: "Signed in with a code from the app",
  "recovery code": "Signed in with a recovery code",
};

const RESETS: Record<string, string> = {
  email_link: "Set a new password through an emailed reset link",
  owner_link: "Set a new password through an owner's reset link",
  cli: "Password reset from the command line",
};

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function roleLabel(value: unknown): string {
  return ROLE_LABELS[value as Role] ?? String(value);
}

/** "by Olivia Owner" when someone other than the account's holder did it. */
function by(event: AccountEvent): string {
  return event.actorId !== event.entityId && event.actorName ? ` by ${event.actorName}` : "";
}

/** One line saying what happened, in words. */
export function describeAccountEvent(event: AccountEvent): string {
  const after = event.after ?? {};
  switch (event.action) {
    case "signed_in":
      return SIGN_IN_METHODS[String(after.method)] ?? "Signed in";
    case "sign_in_failed":
      return FAILURES[String(after.reason)] ?? "Failed sign-in";
    case "locked_out":
      return "Locked for 15 minutes after 10 failed sign-ins";
    case "lockout_lifted":
      return `Lockout lifted${by(event)}`;
    case "two_factor_enabled":
      return "Turned on two-factor sign-in";
    case "two_factor_disabled":
      return "Turned off two-factor sign-in";
    case "two_factor_reset":
      return `Two-factor sign-in reset${by(event)}`;
    case "two_factor_required":
      return "Required two-factor sign-in for everyone";
    case "two_factor_optional":
      return "Made two-factor sign-in optional";
    case "password_changed":
      return "Changed their password";
    case "password_reset_requested":
      return "Asked for a password reset link by email";
    case "password_reset_link_made":
      return `Password reset link made${by(event)}`;
    case "password_reset":
      return RESETS[String(after.via)] ?? "Password reset";
    case "role_changed":
      return event.before?.role === "pending" && after.role === "admin"
        ? `Approved${by(event)}`
        : `Role changed from ${roleLabel(event.before?.role)} to ${roleLabel(after.role)}${by(event)}`;
    case "sessions_ended":
      return `Every session ended${by(event)}`;
    case "removed":
      return `Account removed${by(event)}`;
    default:
      return event.action.replace(/_/g, " ");
  }
}

/** Where it came from: the device and address of a sign-in, when known. */
export function accountEventSource(event: AccountEvent): string | null {
  const parts = [text(event.after?.device), text(event.after?.ip)].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}
