import { describe, expect, it } from "vitest";
import { accountEventSource, describeAccountEvent, type AccountEvent } from "./account-events";

const event = (change: Partial<AccountEvent>): AccountEvent => ({
  action: "signed_in",
  actorKind: "user",
  actorId: "member-1",
  actorName: "Mia Member",
  entityId: "member-1",
  before: null,
  after: null,
  ...change,
});

describe("account activity in words", () => {
  it("says how a sign-in was made, and from where", () => {
    const withCode = event({
      after: { method: "authenticator", ip: "10.0.0.5", device: "Chrome on macOS" },
    });
    expect(describeAccountEvent(withCode)).toBe("Signed in with a code from the app");
    expect(accountEventSource(withCode)).toBe("Chrome on macOS · 10.0.0.5");
    expect(accountEventSource(event({}))).toBeNull();
  });

  it("names failures and lockouts", () => {
    expect(
      describeAccountEvent(event({ action: "sign_in_failed", after: { reason: "code" } })),
    ).toBe("Failed sign-in: wrong code from the app");
    expect(
      describeAccountEvent(event({ action: "sign_in_failed", after: { reason: "locked" } })),
    ).toBe("Sign-in refused: the account is locked");
    expect(
      describeAccountEvent(event({ action: "locked_out", actorKind: "system", actorId: null })),
    ).toBe("Locked for 15 minutes after 10 failed sign-ins");
  });

  it("names the owner who acted on someone else's account, not the person themself", () => {
    const byOwner = { actorId: "owner-1", actorName: "Olivia Owner" };
    expect(describeAccountEvent(event({ action: "two_factor_reset", ...byOwner }))).toBe(
      "Two-factor sign-in reset by Olivia Owner",
    );
    expect(describeAccountEvent(event({ action: "two_factor_enabled" }))).toBe(
      "Turned on two-factor sign-in",
    );
    expect(
      describeAccountEvent(
        event({
          action: "role_changed",
          before: { role: "pending" },
          after: { role: "admin" },
          ...byOwner,
        }),
      ),
    ).toBe("Approved by Olivia Owner");
    expect(
      describeAccountEvent(
        event({
          action: "role_changed",
          before: { role: "admin" },
          after: { role: "owner" },
          ...byOwner,
        }),
      ),
    ).toBe("Role changed from Admin to Owner by Olivia Owner");
  });

  it("says which way a password was reset", () => {
    expect(describeAccountEvent(event({ action: "password_reset", after: { via: "cli" } }))).toBe(
      "Password reset from the command line",
    );
    expect(
      describeAccountEvent(event({ action: "password_reset", after: { via: "owner_link" } })),
    ).toBe("Set a new password through an owner's reset link");
  });
});
