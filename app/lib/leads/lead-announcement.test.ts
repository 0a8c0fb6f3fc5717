import { describe, expect, test } from "vitest";
import { leadAnnouncementText } from "./lead-announcement";

describe("leadAnnouncementText", () => {
  const lead = { id: "l1", service: "Car lockout", area: "Oak Lawn (60453)" };

  test("a web request names the service and the area", () => {
    expect(leadAnnouncementText({ ...lead, source: "web" })).toEqual({
      title: "New web request",
      description: "Car lockout in Oak Lawn (60453)",
    });
  });

  test("a call says it is a phone lead", () => {
    expect(leadAnnouncementText({ ...lead, source: "phone" }).title).toBe("New phone lead");
  });

  test("a repeat says the open lead's caller wrote again", () => {
    expect(leadAnnouncementText({ ...lead, source: "web", repeat: true })).toEqual({
      title: "Web request again",
      description: "An open lead's caller wrote again: Car lockout in Oak Lawn (60453)",
    });
  });
});
