import { describe, expect, it } from "vitest";
import {
  leadTimeline,
  messageTimelineItem,
  timelineItem,
  type ActivityEntryView,
} from "./timeline";

const JOB = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

function entry(partial: Partial<ActivityEntryView>): ActivityEntryView {
  return {
    id: "a1",
    at: "2026-11-23T12:00:00Z",
    actorKind: "user",
    actorName: "Olivia Owner",
    entity: "lead",
    entityId: "lead-1",
    action: "created",
    before: null,
    after: null,
    ...partial,
  };
}

describe("timelineItem", () => {
  it("says where a lead came from, and who took it", () => {
    const item = timelineItem(
      entry({
        actorKind: "customer",
        actorName: null,
        after: { source: "web", serviceType: "emergency", zip: "60601" },
      }),
    );
    expect(item).toMatchObject({
      who: "The customer",
      what: "Lead received (website)",
      detail: "Emergency Lockout, 60601",
    });
  });

  it("lists each edited field from before to after", () => {
    const item = timelineItem(
      entry({
        action: "edited",
        before: { name: "Ann", address: null, phone: "+13125550147" },
        after: { name: "Ann Lee", address: "123 W Madison St", phone: "+13125550199" },
      }),
    );
    expect(item.detail).toBe(
      "name: “Ann” → “Ann Lee”; address: empty → “123 W Madison St”; phone: (312) 555-0147 → (312) 555-0199",
    );
  });

  it("names the locksmith and code of a dispatch, with a link to the code", () => {
    const item = timelineItem(
      entry({ action: "dispatched", after: { locksmithName: "Marcus Reed", code: "K7Q2ZD" } }),
    );
    expect(item.what).toBe("Dispatched Marcus Reed, code K7Q2ZD");
    expect(item.ref).toEqual({ kind: "code", code: "K7Q2ZD" });
  });

  it("says why a lead moved with its job", () => {
    const done = timelineItem(
      entry({
        actorKind: "system",
        actorName: null,
        action: "followed_job",
        after: { status: "completed", jobStatus: "completed", jobId: JOB },
      }),
    );
    expect(done).toMatchObject({ who: "Lockline", what: "Completed with its job" });
    const back = timelineItem(
      entry({ action: "followed_job", after: { status: "new", jobStatus: "cancelled" } }),
    );
    expect(back.what).toBe("Back to New: its job was cancelled");
  });

  it("tells a reassign from a dispatch, with whom it was taken from and why", () => {
    const item = timelineItem(
      entry({
        action: "dispatched",
        after: {
          locksmithName: "Bea Cruz",
          code: "Q7PX2D",
          replacedLocksmithName: "Andre Davis",
          reason: "Stuck on the Dan Ryan",
        },
      }),
    );
    expect(item).toMatchObject({
      what: "Reassigned to Bea Cruz, code Q7PX2D",
      detail: "From Andre Davis: Stuck on the Dan Ryan",
    });
    expect(
      timelineItem(entry({ action: "assigned", after: { locksmithName: "Cy Young" } })),
    ).toMatchObject({
      what: "Assigned to Cy Young by phone",
      detail: "They said yes on the phone: nothing was texted to them.",
    });
  });

  it("says who was taken off a job and why, reopenings with their reason, lapsed offers", () => {
    expect(
      timelineItem(
        entry({
          action: "assignment_withdrawn",
          after: { locksmithName: "Andre Davis", reason: "cancelled", note: null },
        }),
      ).what,
    ).toBe("Andre Davis taken off the job (cancelled)");
    expect(
      timelineItem(
        entry({
          action: "reopened",
          before: { status: "completed" },
          after: { status: "new", reason: "Wrong key cut" },
        }),
      ),
    ).toMatchObject({ what: "Reopened (was Completed)", detail: "Wrong key cut", tone: "note" });
    expect(timelineItem(entry({ action: "offer_expired", actorKind: "system" })).what).toBe(
      "The offer expired unanswered",
    );
  });

  it("says when a text was held back because the customer was told already", () => {
    expect(
      timelineItem(
        entry({
          action: "text_withheld",
          after: { purpose: "customer_on_the_way", reason: "cap" },
        }),
      ).detail,
    ).toMatch(/^They were sent this kind of text \(customer: on the way\) as often as/);
    expect(
      timelineItem(
        entry({
          action: "locksmith_completed",
          after: {
            finalPriceCents: 185_000,
            priceFlag:
              "$1,850.00 is more than 3 times the usual top price ($150.00); confirmed by Marcus Reed",
          },
        }),
      ),
    ).toMatchObject({
      what: "Locksmith completed the job for $1,850.00",
      detail: expect.stringMatching(/^Check the price: \$1,850\.00 is more than 3 times/),
    });
  });

  it("says when a text or timer of the lead went dead, and what the owner did about it", () => {
    const background = { actorKind: "system" as const, actorName: "Background work" };
    // A text's entry is about the message, but is no "Text dropped".
    expect(
      timelineItem(
        entry({
          ...background,
          entity: "message",
          action: "background_work_dead",
          after: { what: "Text to Ann Ames", error: "Gave up after 5 tries: Twilio down" },
        }),
      ),
    ).toMatchObject({
      who: "Background work",
      what: "Gave up: Text to Ann Ames",
      detail: "Gave up after 5 tries: Twilio down — in Settings → Failed background work.",
    });
    expect(
      timelineItem(entry({ entity: "timer", action: "background_work_retried", after: {} })).what,
    ).toBe("Failed background work retried");
    expect(
      timelineItem(entry({ entity: "timer", action: "background_work_dropped", after: {} })).what,
    ).toBe("Failed background work dropped");
  });

  it("shows notes and repeated requests in the words given", () => {
    expect(
      timelineItem(entry({ action: "note_added", after: { note: "Gate code 4411" } })),
    ).toMatchObject({ what: "Note", detail: "Gate code 4411", tone: "note" });
    const again = timelineItem(
      entry({
        actorKind: "customer",
        action: "web_request_again",
        after: { serviceType: "automotive", zip: "60629", details: "Still waiting" },
      }),
    );
    expect(again).toMatchObject({
      what: "Submitted the web form again",
      detail: "Automotive · 60629 · Still waiting",
      tone: "customer",
    });
  });

  it("keeps the old value of a customer's correction, and says whether the locksmith was told", () => {
    const corrected = timelineItem(
      entry({
        actorKind: "customer",
        action: "customer_updated",
        before: { address: "8001 S Ashland Ave", details: null },
        after: {
          address: "8100 S Ashland Ave (rear door)",
          details: "Rear door",
          via: "web",
          locksmithName: "Andre Davis",
          locksmithTexted: true,
        },
      }),
    );
    expect(corrected).toMatchObject({
      what: "Sent the web form again with new details",
      detail:
        "address: “8001 S Ashland Ave” → “8100 S Ashland Ave (rear door)”; notes: empty → “Rear door”. Andre Davis was texted the change.",
      tone: "customer",
    });
    expect(
      timelineItem(
        entry({
          action: "customer_updated",
          before: { serviceType: "emergency" },
          after: { serviceType: "automotive", via: "call" },
        }),
      ),
    ).toMatchObject({
      what: "Took down the caller's new details (Add Lead for the same phone)",
      detail: "service: Emergency Lockout → Automotive",
    });
  });

  it("names the locksmith a text about a new address went to", () => {
    expect(
      messageTimelineItem({
        id: "m1",
        createdAt: "2026-11-25T02:00:00Z",
        purpose: "locksmith_address_changed",
        status: "unsent",
        body: "Lockline: new address from Dana Ruiz",
        toPhone: "+13125550101",
        locksmithName: "Andre Davis",
      }).what,
    ).toBe("Text to Andre Davis: Not sent — texting is not configured");
  });

  it("reads the night watch's steps: automatic offers, alerts raised and cleared", () => {
    const watch = { actorKind: "system" as const, actorName: "Night watch" };
    expect(
      timelineItem(
        entry({
          ...watch,
          action: "auto_offer_made",
          after: { locksmithName: "Ann Ames", offer: 2, maxOffers: 3, why: "covers 60629 · free" },
        }),
      ),
    ).toMatchObject({
      who: "Night watch",
      what: "Offered automatically to Ann Ames (offer 2 of 3)",
      detail: "covers 60629 · free",
    });
    expect(
      timelineItem(
        entry({
          ...watch,
          action: "alert_raised",
          after: { text: "New request untouched for 2 min", texted: true, onCallName: "Dana" },
        }),
      ),
    ).toMatchObject({
      what: "Needs attention: New request untouched for 2 min",
      detail: "Texted to the on-call operator, Dana.",
    });
    expect(
      timelineItem(entry({ ...watch, action: "alert_raised", after: { text: "ETA passed" } }))
        .detail,
    ).toMatch(/No on-call phone is set/);
    expect(
      timelineItem(entry({ ...watch, action: "alert_cleared", after: { text: "ETA passed" } }))
        .what,
    ).toBe("Cleared: ETA passed");
    expect(
      messageTimelineItem({
        id: "m2",
        createdAt: "2026-11-26T02:00:00Z",
        purpose: "operator_alert",
        status: "queued",
        body: "Lockline night watch: ETA passed",
        toPhone: "+17735550199",
        locksmithName: null,
      }).what,
    ).toBe("Text to the on-call operator: Queued");
  });

  it("reads job and code entries with their short id or code", () => {
    expect(
      timelineItem(
        entry({
          entity: "job",
          entityId: JOB,
          action: "status_changed",
          before: { status: "in_progress" },
          after: { status: "completed" },
        }),
      ),
    ).toMatchObject({
      what: "Job 3f2a9c1e: In Progress → Completed",
      ref: { kind: "job", id: JOB },
    });
    expect(
      timelineItem(
        entry({
          entity: "job",
          entityId: JOB,
          action: "priced",
          after: { finalPriceCents: 18500, theirCutCents: 11100, theirCutPercent: 60 },
        }),
      ),
    ).toMatchObject({ what: "Job 3f2a9c1e priced $185.00", detail: "Locksmith $111.00 (60%)" });
    expect(
      timelineItem(
        entry({
          entity: "job",
          entityId: JOB,
          actorKind: "webhook",
          actorName: "Stripe",
          action: "paid_by_pay_link",
          after: { amountCents: 18500, sessionId: "cs_test_1" },
        }),
      ),
    ).toMatchObject({
      who: "Stripe",
      what: "Customer paid $185.00 by card (pay link)",
      detail: "Stripe confirmed the payment: the business holds the money.",
      tone: "customer",
      ref: { kind: "job", id: JOB },
    });
    expect(
      timelineItem(
        entry({
          entity: "dispatch_code",
          action: "status_changed",
          after: { status: "expired", code: "K7Q2ZD", reason: "dispatched again" },
        }),
      ),
    ).toMatchObject({ what: "Code K7Q2ZD: Expired", detail: "dispatched again" });
  });

  it("leaves out the code a dispatch made: the dispatch line names it", () => {
    const codeId = "c0de0000-0000-4000-8000-000000000000";
    const items = leadTimeline([
      entry({
        id: "2",
        action: "dispatched",
        after: { locksmithName: "M", code: "K7Q2ZD", codeId },
      }),
      entry({
        id: "1",
        entity: "dispatch_code",
        entityId: codeId,
        action: "created",
        after: { code: "K7Q2ZD" },
      }),
      entry({
        id: "0",
        entity: "dispatch_code",
        entityId: "other",
        action: "created",
        after: { code: "AAAAAA" },
      }),
    ]);
    expect(items.map((item) => item.id)).toEqual(["2", "0"]);
  });

  it("still says something for an entry it does not know", () => {
    expect(timelineItem(entry({ action: "merged_with" })).what).toBe("merged with");
  });
});
