import { expect, it } from "vitest";
import { settingsActionSchema } from "./settings";

it("reads the owner's team buttons and the phone-call toggle, nothing else", () => {
  expect(settingsActionSchema.parse({ intent: "auto-phone-leads", enabled: "on" })).toEqual({
    intent: "auto-phone-leads",
    enabled: "on",
  });
  expect(
    settingsActionSchema.safeParse({ intent: "auto-phone-leads", enabled: "yes" }).success,
  ).toBe(false);
  expect(settingsActionSchema.parse({ intent: "set-role", userId: "u1", role: "owner" })).toEqual({
    intent: "set-role",
    userId: "u1",
    role: "owner",
  });
  // Pending is reached by Revoke, never chosen as a role.
  expect(
    settingsActionSchema.safeParse({ intent: "set-role", userId: "u1", role: "pending" }).success,
  ).toBe(false);
  expect(settingsActionSchema.safeParse({ intent: "approve" }).success).toBe(false);
  expect(settingsActionSchema.safeParse({ intent: "delete-all", userId: "u1" }).success).toBe(
    false,
  );
});
