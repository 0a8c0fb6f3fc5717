import { expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "../texting/text-templates";
import { textSettingsSchema } from "./text-settings";

const base = {
  intent: "save",
  from: "(708) 555-0100",
  enabled: ["locksmith_dispatch", "customer_on_the_way"],
  templates: {
    locksmith_dispatch: "New job {code}: {link}",
    customer_dispatched: "",
    customer_on_the_way: "{locksmith} is {minutes} minutes out",
    customer_review_request: "",
  },
};

it("reads the sender as E.164, the kinds that are on, and the templates", () => {
  const parsed = textSettingsSchema.parse(base);
  expect(parsed.from).toBe("+17085550100");
  expect(parsed.enabled).toEqual({
    locksmith_dispatch: true,
    locksmith_off_job: false,
    locksmith_address_changed: false,
    locksmith_link: false,
    customer_finding: false,
    customer_dispatched: false,
    customer_on_the_way: true,
    customer_running_late: false,
    customer_review_request: false,
    customer_approval_code: false,
    customer_quote_approved: false,
    customer_quote_waiting: false,
    customer_price_lowered: false,
    customer_payment_received: false,
    customer_refunded: false,
    customer_instalment_due: false,
    customer_door_statement: false,
    customer_missed_call: false,
    customer_relayed: false,
    customer_job_closed: false,
    locksmith_relayed: false,
    customer_cancelled: false,
    operator_alert: false,
  });
  expect(parsed.templates.locksmith_dispatch).toBe("New job {code}: {link}");
  // Emptied: back to the default.
  expect(parsed.templates.customer_dispatched).toBe(DEFAULT_TEMPLATES.customer_dispatched);
});

it("takes one checkbox as a list, none as all off, and an empty sender as the environment's", () => {
  const one = textSettingsSchema.parse({ ...base, from: "", enabled: "locksmith_dispatch" });
  expect(one.from).toBeNull();
  expect(Object.values(one.enabled).filter(Boolean)).toHaveLength(1);
  const none = textSettingsSchema.parse({ intent: "save" });
  expect(Object.values(none.enabled).some(Boolean)).toBe(false);
});

it("refuses a template missing what it needs, next to that template", () => {
  const result = textSettingsSchema.safeParse({
    ...base,
    templates: { ...base.templates, locksmith_dispatch: "New job, call the office" },
  });
  expect(result.success).toBe(false);
  expect(result.error!.issues[0]).toMatchObject({
    path: ["templates", "locksmith_dispatch"],
    message: "This text needs {code}.",
  });
});

it("refuses a sender that is not a phone number", () => {
  const result = textSettingsSchema.safeParse({ ...base, from: "twilio" });
  expect(result.error!.issues[0]!.path).toEqual(["from"]);
});

it("takes an emptied template of a kind that is on as the default (decision 0037)", () => {
  const parsed = textSettingsSchema.parse({
    ...base,
    templates: { ...base.templates, locksmith_dispatch: "  " },
  });
  expect(parsed.enabled.locksmith_dispatch).toBe(true);
  expect(parsed.templates.locksmith_dispatch).toBe(DEFAULT_TEMPLATES.locksmith_dispatch);
});
