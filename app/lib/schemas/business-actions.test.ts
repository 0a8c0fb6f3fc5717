import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { firstErrors } from "../../../tests/helpers/zod-errors";
import { latestLicenseExpiry, licenseToday } from "../locksmiths/license";
import { FIELD, RULE } from "../ui-text";
import { MONEY } from "../ui-text-shell";
import { dispatchCodeActionSchema, EXPIRATION_HOURS_MESSAGE } from "./dispatch-codes";
import { jobActionSchema } from "./jobs";
import { leadActionSchema, leadCreateSchema } from "./leads";
import { locksmithActionSchema, locksmithCreateSchema, zipList } from "./locksmiths";

/*
 * The back office's action schemas as the routes read them: one discriminated union per
 * page, the hidden `intent` picking the member. Messages are the ones the forms show.
 */

const ID = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

const newLocksmith = (fields: Record<string, string>) =>
  locksmithCreateSchema.safeParse({ intent: "create", ...fields });

describe("locksmith form", () => {
  it("saves a full form, normalized", () => {
    expect(
      locksmithActionSchema.parse({
        intent: "create",
        name: "  Ray Kowalski ",
        phone: "708.555.0142",
        email: " Ray@Example.COM ",
        assignedZips: " 60453, 60455,,60453 , ",
        paymentMethod: " Zelle ",
        defaultCutPercent: "65",
        licenseNumber: " 153.012345 ",
        licenseExpiresOn: "2027-02-28",
      }),
    ).toEqual({
      intent: "create",
      name: "Ray Kowalski",
      phone: "+17085550142",
      email: "ray@example.com",
      assignedZips: ["60453", "60455"],
      paymentMethod: "Zelle",
      defaultCutPercent: 65,
      licenseNumber: "153.012345",
      licenseExpiresOn: "2027-02-28",
    });
  });

  it("takes the license as optional: empty is null, the number in letters, digits, dots and dashes", () => {
    const base = { name: "A", phone: "3125550100" };
    expect(newLocksmith(base).data).toMatchObject({ licenseNumber: null, licenseExpiresOn: null });
    expect(newLocksmith({ ...base, licenseNumber: " ", licenseExpiresOn: "" }).data).toMatchObject({
      licenseNumber: null,
      licenseExpiresOn: null,
    });
    expect(newLocksmith({ ...base, licenseNumber: "LK-2024.07" }).data?.licenseNumber).toBe(
      "LK-2024.07",
    );
    for (const bad of ["153 012", "=HYPERLINK(1)", ".153", "153/012"]) {
      expect(firstErrors(newLocksmith({ ...base, licenseNumber: bad }))).toEqual({
        licenseNumber: FIELD.licenseCharacters,
      });
    }
    expect(firstErrors(newLocksmith({ ...base, licenseNumber: "1".repeat(31) }))).toEqual({
      licenseNumber: "License number must be at most 30 characters",
    });
  });

  it("takes an expiry that is a real day, from 2000 to ten years ahead", () => {
    const base = { name: "A", phone: "3125550100", licenseNumber: "153.1" };
    for (const bad of ["2027-02-30", "02/28/2027", "soon"]) {
      expect(firstErrors(newLocksmith({ ...base, licenseExpiresOn: bad }))).toEqual({
        licenseExpiresOn: FIELD.licenseDate,
      });
    }
    expect(firstErrors(newLocksmith({ ...base, licenseExpiresOn: "1999-12-31" }))).toEqual({
      licenseExpiresOn: FIELD.licenseTooEarly,
    });
    const tenYears = latestLicenseExpiry(licenseToday());
    expect(newLocksmith({ ...base, licenseExpiresOn: tenYears }).success).toBe(true);
    const beyond = `${Number(tenYears.slice(0, 4)) + 1}${tenYears.slice(4)}`;
    expect(firstErrors(newLocksmith({ ...base, licenseExpiresOn: beyond }))).toEqual({
      licenseExpiresOn: FIELD.licenseTooLate,
    });
    // An expired license is still recorded as it is: the roster says it ran out.
    expect(newLocksmith({ ...base, licenseExpiresOn: "2020-02-29" }).data?.licenseExpiresOn).toBe(
      "2020-02-29",
    );
  });

  it("saves empty email and payment method as null, and defaults the cut to 60", () => {
    const empty = { name: "A", phone: "3125550100" };
    const expected = { email: null, paymentMethod: null, defaultCutPercent: 60, assignedZips: [] };
    expect(
      newLocksmith({ ...empty, email: "", paymentMethod: "  ", defaultCutPercent: "" }).data,
    ).toMatchObject(expected);
    // Conform leaves empty fields out altogether.
    expect(newLocksmith(empty).data).toMatchObject(expected);
  });

  it("requires a name and a phone", () => {
    const required = { name: FIELD.nameRequired, phone: FIELD.phoneRequired };
    expect(firstErrors(newLocksmith({}))).toEqual(required);
    expect(firstErrors(newLocksmith({ name: "  ", phone: " " }))).toEqual(required);
    expect(firstErrors(newLocksmith({ name: "A", phone: "555-01" }))).toEqual({
      phone: FIELD.phoneInvalid,
    });
  });

  it("checks the email format, and the length of every text", () => {
    expect(firstErrors(newLocksmith({ name: "A", phone: "3125550100", email: "ray@" }))).toEqual({
      email: FIELD.emailInvalid,
    });
    expect(firstErrors(newLocksmith({ name: "N".repeat(101), phone: "3125550100" }))).toEqual({
      name: "Name must be at most 100 characters",
    });
  });

  it.each(["-1", "101", "60.5", "sixty"])("refuses a cut of %s", (cut) => {
    expect(
      firstErrors(newLocksmith({ name: "A", phone: "3125550100", defaultCutPercent: cut })),
    ).toEqual({ defaultCutPercent: FIELD.cutPercent });
  });

  it("accepts the cut's bounds", () => {
    for (const cut of ["0", "100"]) {
      expect(
        newLocksmith({ name: "A", phone: "3125550100", defaultCutPercent: cut }).data
          ?.defaultCutPercent,
      ).toBe(Number(cut));
    }
  });

  it("names the ZIP codes that are not 5 digits", () => {
    expect(firstErrors(zipList.safeParse("60453, 6045, 604555, abcde"))).toEqual({
      "": "ZIP codes must be 5 digits: 6045, 604555, abcde",
    });
    expect(zipList.parse(["60453", " 60455 ", ""])).toEqual(["60453", "60455"]);
  });

  it("edits need the locksmith's id; the badge asks for a state", () => {
    const fields = { name: "A", phone: "3125550100" };
    expect(firstErrors(locksmithActionSchema.safeParse({ intent: "update", ...fields }))).toEqual({
      id: FIELD.missingId,
    });
    expect(
      locksmithActionSchema.parse({ intent: "toggle", locksmithId: ID, active: "false" }),
    ).toEqual({ intent: "toggle", locksmithId: ID, active: false });
    expect(
      firstErrors(locksmithActionSchema.safeParse({ intent: "toggle", locksmithId: "1 or 1=1" })),
    ).toMatchObject({ locksmithId: FIELD.missingId });
  });
});

describe("lead form", () => {
  const newLead = (fields: Record<string, string>) =>
    leadCreateSchema.safeParse({ intent: "create", ...fields });

  it("saves a lead, zip as free text", () => {
    expect(
      newLead({
        name: " Ann Lee ",
        phone: "+1 (773) 555-0199",
        serviceType: "smart_locks",
        zip: " 60601 ",
      }).data,
    ).toEqual({
      intent: "create",
      name: "Ann Lee",
      phone: "+17735550199",
      serviceType: "smart_locks",
      zip: "60601",
      address: null,
      details: null,
      textConsent: false,
      sourceName: null,
    });
    expect(
      newLead({ name: "A", phone: "7735550199", serviceType: "safes", zip: "" }).data?.zip,
    ).toBe(null);
  });

  it("keeps the marketing source picked by hand", () => {
    const base = { name: "A", phone: "7735550199", serviceType: "safes" };
    expect(newLead({ ...base, sourceName: " Yelp " }).data?.sourceName).toBe("Yelp");
    expect(newLead({ ...base, sourceName: "x".repeat(61) }).success).toBe(false);
  });

  it("takes 'Customer agreed to texts' as the checkbox sends it", () => {
    const base = { name: "A", phone: "7735550199", serviceType: "safes" };
    expect(newLead({ ...base, textConsent: "on" }).data?.textConsent).toBe(true);
    expect(newLead(base).data?.textConsent).toBe(false);
  });

  it("requires name, phone and a service type from the list", () => {
    expect(firstErrors(newLead({}))).toEqual({
      name: FIELD.nameRequired,
      phone: FIELD.phoneRequired,
      serviceType: FIELD.serviceType,
    });
    expect(
      firstErrors(newLead({ name: "A", phone: "7735550199", serviceType: "plumbing" })),
    ).toEqual({ serviceType: FIELD.serviceType });
  });
});

describe("dispatch code form", () => {
  const newCode = (fields: Record<string, string>) =>
    dispatchCodeActionSchema.safeParse({ intent: "create", ...fields });

  it("uppercases the code, saves empty choices as null, defaults to 24 hours", () => {
    expect(newCode({ code: " ab12cd ", leadId: "", locksmithId: "none" }).data).toEqual({
      intent: "create",
      code: "AB12CD",
      leadId: null,
      locksmithId: null,
      expirationHours: 24,
    });
    expect(newCode({ code: "X", leadId: ID, expirationHours: "168" }).data).toEqual({
      intent: "create",
      code: "X",
      leadId: ID,
      locksmithId: null,
      expirationHours: 168,
    });
  });

  it.each([
    [{}, { code: FIELD.codeRequired }],
    [{ code: "   " }, { code: FIELD.codeRequired }],
    [{ code: "A".repeat(21) }, { code: "Use at most 20 characters" }],
    [{ code: "AB-12" }, { code: FIELD.codeCharacters }],
    [{ code: "AB12", expirationHours: "0" }, { expirationHours: EXPIRATION_HOURS_MESSAGE }],
    [{ code: "AB12", expirationHours: "169" }, { expirationHours: EXPIRATION_HOURS_MESSAGE }],
    [{ code: "AB12", expirationHours: "1.5" }, { expirationHours: EXPIRATION_HOURS_MESSAGE }],
    [{ code: "AB12", leadId: "42" }, { leadId: FIELD.chooseLead }],
    [{ code: "AB12", locksmithId: "x" }, { locksmithId: FIELD.chooseLocksmith }],
  ])("refuses %j", (input, errors) => {
    expect(firstErrors(newCode(input))).toEqual(errors);
  });

  it("says what the hours may be", () => {
    expect(EXPIRATION_HOURS_MESSAGE).toBe("Enter a whole number of hours from 1 to 168");
  });
});

describe("job forms", () => {
  const pricing = (fields: Record<string, string>) =>
    jobActionSchema.safeParse({ intent: "pricing", ...fields });

  it("turns the typed price into cents, and an empty cut into 'the locksmith's default'", () => {
    expect(pricing({ jobId: ID, finalPrice: "$1,234.50", theirCutPercent: "" }).data).toEqual({
      intent: "pricing",
      jobId: ID,
      finalPrice: 123_450,
      theirCutPercent: undefined,
    });
    expect(pricing({ jobId: ID, finalPrice: "0", theirCutPercent: "65" }).data).toMatchObject({
      finalPrice: 0,
      theirCutPercent: 65,
    });
  });

  it.each([
    [{ jobId: ID }, { finalPrice: MONEY.required }],
    [{ jobId: ID, finalPrice: "" }, { finalPrice: MONEY.required }],
    [{ jobId: ID, finalPrice: "-5" }, { finalPrice: MONEY.negative }],
    [{ jobId: ID, finalPrice: "12.345" }, { finalPrice: MONEY.tooPrecise }],
    [{ jobId: ID, finalPrice: "lots" }, { finalPrice: MONEY.invalid }],
    [
      { jobId: ID, finalPrice: "100", theirCutPercent: "101" },
      { theirCutPercent: FIELD.cutPercent },
    ],
    [{ jobId: "nope", finalPrice: "100" }, { jobId: FIELD.missingId }],
  ])("refuses %j", (input, errors) => {
    expect(firstErrors(pricing(input))).toEqual(errors);
  });

  it("checks a job typed from scratch", () => {
    expect(
      jobActionSchema.parse({ intent: "create", clientName: " Bo ", jobType: "automotive" }),
    ).toEqual({
      intent: "create",
      clientName: "Bo",
      jobType: "automotive",
      locksmithId: null,
      leadId: null,
    });
    expect(firstErrors(jobActionSchema.safeParse({ intent: "create" }))).toEqual({
      clientName: FIELD.clientNameRequired,
      jobType: FIELD.jobType,
    });
  });
});

describe("status changes", () => {
  it("accept each entity's own statuses only", () => {
    const status = "Choose a status";
    // Cancelled only with its confirmation (decision 0057).
    expect(
      firstErrors(
        leadActionSchema.safeParse({ intent: "status", leadId: ID, status: "cancelled" }),
      ),
    ).toEqual({ status: FIELD.confirmCancel });
    expect(leadActionSchema.parse({ intent: "status", leadId: ID, status: "new" })).toMatchObject({
      status: "new",
      confirmCancel: false,
    });
    expect(
      leadActionSchema.parse({
        intent: "status",
        leadId: ID,
        status: "cancelled",
        confirmCancel: "yes",
      }),
    ).toEqual({
      intent: "status",
      leadId: ID,
      status: "cancelled",
      confirmCancel: true,
    });
    expect(
      firstErrors(leadActionSchema.safeParse({ intent: "status", leadId: ID, status: "used" })),
    ).toEqual({ status });
    expect(
      firstErrors(jobActionSchema.safeParse({ intent: "status", jobId: ID, status: "new" })),
    ).toEqual({ status });
    expect(
      firstErrors(
        dispatchCodeActionSchema.safeParse({ intent: "status", codeId: ID, status: "done" }),
      ),
    ).toEqual({ status });
  });

  it("need a locksmith to dispatch, and real ids", () => {
    expect(
      firstErrors(leadActionSchema.safeParse({ intent: "dispatch", leadId: ID, locksmithId: "" })),
    ).toEqual({ locksmithId: FIELD.chooseLocksmith });
  });

  it("need a reason and the assignment seen to reassign, and a reason to reopen", () => {
    expect(
      firstErrors(
        leadActionSchema.safeParse({
          intent: "reassign",
          leadId: ID,
          locksmithId: ID,
          reason: " ",
        }),
      ),
    ).toEqual({ fromAssignmentId: RULE.dispatchChangedMeanwhile, reason: FIELD.reassignReason });
    expect(firstErrors(leadActionSchema.safeParse({ intent: "reopen", leadId: ID }))).toEqual({
      reason: FIELD.reopenReason,
    });
    expect(
      leadActionSchema.parse({
        intent: "dispatch",
        leadId: ID,
        locksmithId: ID,
        by: "carrier pigeon",
      }),
    ).toMatchObject({ by: "text" });
  });

  it("refuse an intent the page does not have", () => {
    expect(leadActionSchema.safeParse({ intent: "delete", leadId: ID }).success).toBe(false);
  });
});

describe("with Conform, as the forms submit them", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.append(key, value);
    return data;
  };

  it("parses a locksmith form with empty fields", () => {
    const submission = parseWithZod(
      form({
        intent: "create",
        name: "Ray",
        phone: "708-555-0142",
        email: "",
        paymentMethod: "",
        defaultCutPercent: "",
        assignedZips: "60453, ,60455",
        licenseNumber: "",
        licenseExpiresOn: "",
      }),
      { schema: locksmithActionSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "create",
      name: "Ray",
      phone: "+17085550142",
      email: null,
      assignedZips: ["60453", "60455"],
      paymentMethod: null,
      defaultCutPercent: 60,
      licenseNumber: null,
      licenseExpiresOn: null,
    });
  });

  it("reports field errors by name", () => {
    const submission = parseWithZod(
      form({
        intent: "create",
        name: "",
        phone: "12",
        email: "x@",
        defaultCutPercent: "150",
        assignedZips: "1234",
      }),
      { schema: locksmithActionSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: [FIELD.nameRequired],
      phone: [FIELD.phoneInvalid],
      email: [FIELD.emailInvalid],
      defaultCutPercent: [FIELD.cutPercent],
      assignedZips: ["ZIP codes must be 5 digits: 1234"],
    });
  });

  it("parses dispatch code and pricing forms", () => {
    const code = parseWithZod(
      form({ intent: "create", code: "ab12cd", leadId: "", expirationHours: "" }),
      { schema: dispatchCodeActionSchema },
    );
    expect(code.status === "success" && code.value).toEqual({
      intent: "create",
      code: "AB12CD",
      leadId: null,
      locksmithId: null,
      expirationHours: 24,
    });
    const priced = parseWithZod(
      form({ intent: "pricing", jobId: ID, finalPrice: "1,250.5", theirCutPercent: "" }),
      { schema: jobActionSchema },
    );
    expect(priced.status === "success" && priced.value).toEqual({
      intent: "pricing",
      jobId: ID,
      finalPrice: 125_050,
      theirCutPercent: undefined,
    });
    const bad = parseWithZod(form({ intent: "pricing", jobId: ID, finalPrice: "" }), {
      schema: jobActionSchema,
    });
    expect(bad.reply().error).toEqual({ finalPrice: [MONEY.required] });
  });
});
