import { describe, expect, it } from "vitest";
import {
  customerIdDigits,
  formatAdsDateTime,
  leadsByNameQuery,
  leadsSinceQuery,
  lsaCreditWords,
  lsaPanel,
  parseAdsDateTime,
  readLsaConversation,
  readLsaLead,
  serviceTypeFor,
} from "./lsa";

describe("Google Ads date-times (the account's wall clock)", () => {
  it("reads and writes them in the account's zone, daylight time included", () => {
    expect(parseAdsDateTime("2026-11-29 14:03:11", "America/Chicago")?.toISOString()).toBe(
      "2026-11-29T20:03:11.000Z",
    );
    expect(parseAdsDateTime("2026-07-01 09:00:00", "America/Chicago")?.toISOString()).toBe(
      "2026-07-01T14:00:00.000Z",
    );
    expect(parseAdsDateTime("2026-07-01 09:00:00", "America/New_York")?.toISOString()).toBe(
      "2026-07-01T13:00:00.000Z",
    );
    expect(formatAdsDateTime(new Date("2026-11-29T20:03:11Z"), "America/Chicago")).toBe(
      "2026-11-29 14:03:11",
    );
    expect(parseAdsDateTime("yesterday", "America/Chicago")).toBeUndefined();
  });
});

describe("GAQL", () => {
  it("quotes what it is given", () => {
    expect(leadsSinceQuery("2026-11-29 14:03:11")).toContain(
      "WHERE local_services_lead.creation_date_time >= '2026-11-29 14:03:11'",
    );
    expect(leadsByNameQuery(["customers/1/localServicesLeads/2", "x'y"])).toContain(
      "IN ('customers/1/localServicesLeads/2', 'x\\'y')",
    );
  });
});

describe("rows as Google documents them", () => {
  it("reads a lead and its call", () => {
    const lead = readLsaLead(
      {
        localServicesLead: {
          resourceName: "customers/1234567890/localServicesLeads/77",
          leadType: "PHONE_CALL",
          leadStatus: "ACTIVE",
          categoryId: "xcat:service_area_business_locksmith",
          serviceId: "locksmith_car_lockout",
          contactDetails: { phoneNumber: "+17735550123", consumerName: "Al Park" },
          creationDateTime: "2026-11-29 14:03:11",
          leadCharged: true,
          creditDetails: { creditState: "PENDING" },
        },
      },
      "America/Chicago",
    );
    expect(lead).toMatchObject({
      leadType: "PHONE_CALL",
      phone: "+17735550123",
      consumerName: "Al Park",
      charged: true,
      creditState: "PENDING",
    });
    expect(serviceTypeFor(lead!.serviceId)).toBe("automotive");
    expect(readLsaLead({ localServicesLead: { leadType: "EMAIL" } }, "UTC")).toBeUndefined();
    const call = readLsaConversation(
      {
        localServicesLeadConversation: {
          resourceName: "customers/1/localServicesLeadConversations/9",
          lead: "customers/1/localServicesLeads/77",
          conversationChannel: "PHONE_CALL",
          eventDateTime: "2026-11-29 14:03:11",
          phoneCallDetails: { callDurationMillis: "94500", callRecordingUrl: "https://x/r" },
        },
      },
      "America/Chicago",
    );
    expect(call).toMatchObject({
      callDurationSeconds: 95,
      recordingUrl: "https://x/r",
      text: null,
    });
  });
});

describe("in words", () => {
  it("says where a dispute stands", () => {
    const base = { charged: true, creditState: null, creditDecision: null, disputeReason: null };
    expect(lsaCreditWords(base)).toBe("Charged");
    expect(lsaCreditWords({ ...base, disputeReason: "SPAM" })).toBe(
      "Disputed: waiting for Google's decision",
    );
    expect(
      lsaCreditWords({ ...base, disputeReason: "SPAM", creditDecision: "FAIL_NOT_ELIGIBLE" }),
    ).toBe("Google refused a credit: this lead is not eligible");
    expect(lsaCreditWords({ ...base, creditState: "CREDITED" })).toBe("Credited by Google");
  });

  it("makes the lead page's panel from the stored lead", () => {
    const panel = lsaPanel({
      leadType: "MESSAGE",
      googleCreatedAt: new Date("2026-11-29T20:03:11Z"),
      charged: true,
      creditState: "PENDING",
      creditDecision: "SUCCESS_NOT_REACHED_THRESHOLD",
      disputeReason: "SPAM",
      disputedAt: new Date("2026-11-29T21:00:00Z"),
      conversations: [
        {
          at: "2026-11-29T20:03:11.000Z",
          channel: "MESSAGE",
          text: "Locked out",
          callDurationSeconds: null,
        },
      ],
    });
    expect(panel).toMatchObject({
      kind: "message",
      disputeReason: "SPAM",
      credit: "Google will credit this lead; the credit is pending",
      messages: [{ text: "Locked out" }],
      calls: [],
    });
  });

  it("takes a customer ID as Google Ads shows it", () => {
    expect(customerIdDigits("123-456-7890")).toBe("1234567890");
    expect(customerIdDigits("12345")).toBeUndefined();
  });
});
