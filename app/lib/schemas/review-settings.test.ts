import { describe, expect, it } from "vitest";
import { MODERATION_HOURS_INVALID, reviewSettingsSchema } from "./review-settings";

const parse = (moderationHours?: string) =>
  reviewSettingsSchema.safeParse({ intent: "save", moderationHours });

describe("Settings → Reviews", () => {
  it("takes whole hours from 0 (at once) to two weeks; empty is the default 48", () => {
    expect(parse("0").data?.moderationHours).toBe(0);
    expect(parse(" 72 ").data?.moderationHours).toBe(72);
    expect(parse("336").data?.moderationHours).toBe(336);
    expect(parse("").data?.moderationHours).toBe(48);
    expect(parse(undefined).data?.moderationHours).toBe(48);
  });

  it.each(["-1", "337", "1.5", "two", "0x10"])("refuses %s with the field's message", (typed) => {
    const result = parse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MODERATION_HOURS_INVALID);
  });
});
