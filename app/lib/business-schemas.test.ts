import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  dispatchCodeFormSchema,
  dispatchCodeStatusSchema,
  jobFormSchema,
  jobPricingSchema,
  jobStatusSchema,
  leadAssignSchema,
  leadFormSchema,
  leadStatusSchema,
  locksmithFormSchema,
  locksmithToggleSchema,
  MESSAGES,
  zipList,
} from "./business-schemas";
import { MONEY_MESSAGES } from "./money";

const ID = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

/** The first message for each field, as a form shows them. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

describe("locksmith form", () => {
  it("saves a full form, normalized", () => {
    const result = locksmithFormSchema.parse({
      name: "  Ray Kowalski ",
      phone: "708.555.0142",
      email: " Ray@Example.COM ",
      assignedZips: " 60453, 60455,,60453 , ",
      paymentMethod: " Zelle ",
      defaultCutPercent: "65",
    });
    expect(result).toEqual({
      name: "Ray Kowalski",
      phone: "(708) 555-0142",
      email: "ray@example.com",
      active: undefined,
      assignedZips: ["60453", "60455"],
      paymentMethod: "Zelle",
      defaultCutPercent: 65,
    });
  });

  it("saves empty email and payment method as null, and defaults the cut to 60", () => {
    const fromForm = locksmithFormSchema.parse({
      name: "A",
      phone: "3125550100",
      email: "",
      paymentMethod: "  ",
      defaultCutPercent: "",
      assignedZips: "",
    });
    expect(fromForm).toMatchObject({
      email: null,
      paymentMethod: null,
      defaultCutPercent: 60,
      assignedZips: [],
    });
    // Conform leaves empty fields out altogether.
    expect(locksmithFormSchema.parse({ name: "A", phone: "3125550100" })).toMatchObject({
      email: null,
      paymentMethod: null,
      defaultCutPercent: 60,
      assignedZips: [],
    });
  });

  it("requires a name and a phone", () => {
    expect(errorsOf(locksmithFormSchema.safeParse({}))).toMatchObject({
      name: "Name is required",
      phone: "Phone is required",
    });
    expect(errorsOf(locksmithFormSchema.safeParse({ name: "  ", phone: " " }))).toMatchObject({
      name: "Name is required",
      phone: "Phone is required",
    });
    expect(errorsOf(locksmithFormSchema.safeParse({ name: "A", phone: "555-01" }))).toEqual({
      phone: MESSAGES.phoneInvalid,
    });
  });

  it("checks the email format", () => {
    expect(
      errorsOf(locksmithFormSchema.safeParse({ name: "A", phone: "3125550100", email: "ray@" })),
    ).toEqual({ email: "Enter a valid email address" });
  });

  it.each(["-1", "101", "60.5", "sixty"])("refuses a cut of %s", (cut) => {
    expect(
      errorsOf(
        locksmithFormSchema.safeParse({ name: "A", phone: "3125550100", defaultCutPercent: cut }),
      ),
    ).toEqual({ defaultCutPercent: "Enter a whole number from 0 to 100" });
  });

  it("accepts the cut's bounds", () => {
    for (const cut of ["0", "100"]) {
      expect(
        locksmithFormSchema.parse({ name: "A", phone: "3125550100", defaultCutPercent: cut })
          .defaultCutPercent,
      ).toBe(Number(cut));
    }
  });

  it("names the ZIP codes that are not 5 digits", () => {
    expect(errorsOf(zipList.safeParse("60453, 6045, 604555, abcde"))).toEqual({
      "": "ZIP codes must be 5 digits: 6045, 604555, abcde",
    });
    expect(zipList.parse(["60453", " 60455 ", ""])).toEqual(["60453", "60455"]);
  });

  it("reads the active checkbox", () => {
    const base = { name: "A", phone: "3125550100" };
    expect(locksmithFormSchema.parse({ ...base, active: "on" }).active).toBe(true);
    expect(locksmithFormSchema.parse({ ...base, active: "false" }).active).toBe(false);
    expect(locksmithFormSchema.parse(base).active).toBeUndefined();
  });
});

describe("lead form", () => {
  it("saves a lead, zip as free text", () => {
    expect(
      leadFormSchema.parse({
        name: " Ann Lee ",
        phone: "+1 (773) 555-0199",
        serviceType: "smart_locks",
        zip: " 60601 ",
      }),
    ).toEqual({
      name: "Ann Lee",
      phone: "(773) 555-0199",
      serviceType: "smart_locks",
      zip: "60601",
      details: null,
    });
    expect(
      leadFormSchema.parse({ name: "A", phone: "7735550199", serviceType: "safes", zip: "" }).zip,
    ).toBeNull();
  });

  it("requires name, phone and a service type from the list", () => {
    expect(errorsOf(leadFormSchema.safeParse({}))).toEqual({
      name: "Name is required",
      phone: "Phone is required",
      serviceType: "Choose a service type",
    });
    expect(
      errorsOf(
        leadFormSchema.safeParse({ name: "A", phone: "7735550199", serviceType: "plumbing" }),
      ),
    ).toEqual({ serviceType: "Choose a service type" });
  });
});

describe("dispatch code form", () => {
  it("uppercases the code, saves empty choices as null, defaults to 24 hours", () => {
    expect(
      dispatchCodeFormSchema.parse({ code: " ab12cd ", leadId: "", locksmithId: "none" }),
    ).toEqual({ code: "AB12CD", leadId: null, locksmithId: null, expirationHours: 24 });
    expect(dispatchCodeFormSchema.parse({ code: "X", leadId: ID, expirationHours: "168" })).toEqual(
      { code: "X", leadId: ID, locksmithId: null, expirationHours: 168 },
    );
  });

  it.each([
    [{}, { code: "Code is required" }],
    [{ code: "   " }, { code: "Code is required" }],
    [{ code: "A".repeat(21) }, { code: "Use at most 20 characters" }],
    [{ code: "AB-12" }, { code: "Use only letters A-Z and digits 0-9" }],
    [{ code: "AB12", expirationHours: "0" }, { expirationHours: MESSAGES.expirationHours }],
    [{ code: "AB12", expirationHours: "169" }, { expirationHours: MESSAGES.expirationHours }],
    [{ code: "AB12", expirationHours: "1.5" }, { expirationHours: MESSAGES.expirationHours }],
    [{ code: "AB12", leadId: "42" }, { leadId: "Choose a lead from the list" }],
    [{ code: "AB12", locksmithId: "x" }, { locksmithId: "Choose a locksmith from the list" }],
  ])("refuses %j", (input, errors) => {
    expect(errorsOf(dispatchCodeFormSchema.safeParse(input))).toEqual(errors);
  });

  it("says what the hours may be", () => {
    expect(MESSAGES.expirationHours).toBe("Enter a whole number of hours from 1 to 168");
  });
});

describe("job forms", () => {
  it("turns the typed price into cents, and an empty cut into 'the locksmith's default'", () => {
    expect(
      jobPricingSchema.parse({ jobId: ID, finalPrice: "$1,234.50", theirCutPercent: "" }),
    ).toEqual({ jobId: ID, finalPriceCents: 123_450, theirCutPercent: undefined });
    expect(jobPricingSchema.parse({ jobId: ID, finalPrice: "0", theirCutPercent: "65" })).toEqual({
      jobId: ID,
      finalPriceCents: 0,
      theirCutPercent: 65,
    });
  });

  it.each([
    [{ jobId: ID }, { finalPrice: "Enter an amount" }],
    [{ jobId: ID, finalPrice: "" }, { finalPrice: MONEY_MESSAGES.required }],
    [{ jobId: ID, finalPrice: "-5" }, { finalPrice: MONEY_MESSAGES.negative }],
    [{ jobId: ID, finalPrice: "12.345" }, { finalPrice: MONEY_MESSAGES.tooPrecise }],
    [{ jobId: ID, finalPrice: "lots" }, { finalPrice: MONEY_MESSAGES.invalid }],
    [
      { jobId: ID, finalPrice: "100", theirCutPercent: "101" },
      { theirCutPercent: MESSAGES.cutPercent },
    ],
    [{ jobId: "nope", finalPrice: "100" }, { jobId: MESSAGES.missingId }],
  ])("refuses %j", (input, errors) => {
    expect(errorsOf(jobPricingSchema.safeParse(input))).toEqual(errors);
  });

  it("checks a job typed from scratch", () => {
    expect(jobFormSchema.parse({ clientName: " Bo ", jobType: "automotive" })).toEqual({
      clientName: "Bo",
      jobType: "automotive",
      locksmithId: null,
      leadId: null,
    });
    expect(errorsOf(jobFormSchema.safeParse({}))).toEqual({
      clientName: "Client name is required",
      jobType: "Choose a job type",
    });
  });
});

describe("status changes", () => {
  it("accepts each entity's own statuses only", () => {
    expect(leadStatusSchema.parse({ leadId: ID, status: "cancelled" }).status).toBe("cancelled");
    expect(errorsOf(leadStatusSchema.safeParse({ leadId: ID, status: "used" }))).toEqual({
      status: "Choose a status",
    });
    expect(jobStatusSchema.parse({ jobId: ID, status: "completed" }).status).toBe("completed");
    expect(errorsOf(jobStatusSchema.safeParse({ jobId: ID, status: "new" }))).toEqual({
      status: "Choose a status",
    });
    expect(dispatchCodeStatusSchema.parse({ codeId: ID, status: "used" }).status).toBe("used");
    expect(errorsOf(dispatchCodeStatusSchema.safeParse({ codeId: ID, status: "done" }))).toEqual({
      status: "Choose a status",
    });
  });

  it("needs a locksmith to assign, and real ids", () => {
    expect(errorsOf(leadAssignSchema.safeParse({ leadId: ID, locksmithId: "" }))).toEqual({
      locksmithId: "Choose a locksmith from the list",
    });
    expect(errorsOf(locksmithToggleSchema.safeParse({ locksmithId: "1 or 1=1" }))).toEqual({
      locksmithId: MESSAGES.missingId,
    });
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
        name: "Ray",
        phone: "708-555-0142",
        email: "",
        paymentMethod: "",
        defaultCutPercent: "",
        assignedZips: "60453, ,60455",
      }),
      { schema: locksmithFormSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ray",
      phone: "(708) 555-0142",
      email: null,
      active: undefined,
      assignedZips: ["60453", "60455"],
      paymentMethod: null,
      defaultCutPercent: 60,
    });
  });

  it("reports field errors by name", () => {
    const submission = parseWithZod(
      form({ name: "", phone: "12", email: "x@", defaultCutPercent: "150", assignedZips: "1234" }),
      { schema: locksmithFormSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: ["Name is required"],
      phone: [MESSAGES.phoneInvalid],
      email: ["Enter a valid email address"],
      defaultCutPercent: ["Enter a whole number from 0 to 100"],
      assignedZips: ["ZIP codes must be 5 digits: 1234"],
    });
  });

  it("parses dispatch code and pricing forms", () => {
    const code = parseWithZod(form({ code: "ab12cd", leadId: "", expirationHours: "" }), {
      schema: dispatchCodeFormSchema,
    });
    expect(code.status === "success" && code.value).toEqual({
      code: "AB12CD",
      leadId: null,
      locksmithId: null,
      expirationHours: 24,
    });
    const pricing = parseWithZod(form({ jobId: ID, finalPrice: "1,250.5", theirCutPercent: "" }), {
      schema: jobPricingSchema,
    });
    expect(pricing.status === "success" && pricing.value).toEqual({
      jobId: ID,
      finalPriceCents: 125_050,
      theirCutPercent: undefined,
    });
    const bad = parseWithZod(form({ jobId: ID, finalPrice: "" }), { schema: jobPricingSchema });
    expect(bad.reply().error).toEqual({ finalPrice: ["Enter an amount"] });
  });
});
