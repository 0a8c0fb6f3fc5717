import { describe, expect, it } from "vitest";
import type { LeadFieldValues } from "./lead-edit-fields";
import { changedLeadFields } from "./lead-edits";

const shown: LeadFieldValues = {
  name: "Ann Lee",
  phone: "+13125550147",
  serviceType: "emergency",
  zip: "60601",
  address: null,
  details: null,
};

describe("changedLeadFields", () => {
  it("is only what this person typed differently", () => {
    const typed = { ...shown, address: " 123 W Madison St, apt 4 ", name: "Ann Lee" };
    expect(changedLeadFields({ ...shown, address: "" } as never, typed, shown)).toEqual({
      address: "123 W Madison St, apt 4",
    });
  });

  it("keeps another operator's change to another field", () => {
    // They saved a ZIP while this form was open; this form still shows the old one.
    const now = { ...shown, zip: "60629" };
    const typed = { ...shown, name: "Ann Lee-Park" };
    const changes = changedLeadFields(shown as never, typed, now);
    expect(changes).toEqual({ name: "Ann Lee-Park" });
  });

  it("lets the later save win on the same field", () => {
    const now = { ...shown, name: "Anne Lee" };
    expect(changedLeadFields(shown as never, { ...shown, name: "A. Lee" }, now)).toEqual({
      name: "A. Lee",
    });
  });

  it("treats blank and missing alike, and clears a field emptied on purpose", () => {
    expect(changedLeadFields({ address: "" }, { ...shown, address: "  " }, shown)).toEqual({});
    expect(changedLeadFields({ zip: "60601" }, { ...shown, zip: "" }, shown)).toEqual({
      zip: null,
    });
  });

  it("sees a phone shown formatted and stored in E.164 as the same number", () => {
    const was = { phone: "(312) 555-0147" };
    expect(changedLeadFields(was, { ...shown, phone: "312.555.0147" }, shown)).toEqual({});
    expect(changedLeadFields(was, { ...shown, phone: "(312) 555-0148" }, shown)).toEqual({
      phone: "+13125550148",
    });
  });

  it("compares with what is stored when the form sent no starting values", () => {
    expect(changedLeadFields({}, { ...shown, details: "Gate code 1234" }, shown)).toEqual({
      details: "Gate code 1234",
    });
  });
});
