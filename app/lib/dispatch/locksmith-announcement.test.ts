import { expect, it } from "vitest";
import { locksmithAnnouncementText } from "./locksmith-announcement";

const news = { leadId: "l", locksmith: "Marcus Reed" };

it("tells the office what the locksmith did, a decline as urgent", () => {
  expect(locksmithAnnouncementText({ ...news, action: "locksmith_declined" })).toEqual({
    title: "Job declined",
    description: "Marcus Reed declined: the lead is back to New, unassigned.",
    urgent: true,
  });
  expect(
    locksmithAnnouncementText({ ...news, action: "locksmith_on_the_way", minutes: 25 }).description,
  ).toBe("Marcus Reed is on the way, about 25 minutes out.");
  expect(
    locksmithAnnouncementText({ ...news, action: "locksmith_completed", finalPriceCents: 18_550 })
      .description,
  ).toBe("Marcus Reed completed the job for $185.50.");
  expect(locksmithAnnouncementText({ ...news, action: "locksmith_accepted" }).urgent).toBe(false);
});
