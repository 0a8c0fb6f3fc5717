import { describe, expect, it } from "vitest";
import {
  afterCheck,
  controlProps,
  errorsOf,
  NOTHING_CHECKED,
  shownErrors,
  stateFromReply,
  type FieldMeta,
} from "./field-meta";

const meta = (over: Partial<FieldMeta> = {}): FieldMeta => ({
  id: "note-body",
  name: "body",
  formId: "note",
  errorId: "note-body-error",
  ...over,
});

describe("errorsOf", () => {
  it("keeps the fields with something wrong and drops the rest", () => {
    expect(errorsOf({ name: ["Enter a name"], zip: null, phone: [], "": ["Try again"] })).toEqual({
      name: ["Enter a name"],
      "": ["Try again"],
    });
    expect(errorsOf(undefined)).toEqual({});
    expect(errorsOf(null)).toEqual({});
  });
});

describe("controlProps", () => {
  it("names the control, ties it to its form and starts it from the initial value", () => {
    expect(controlProps(meta({ initialValue: "Front door" }), "text")).toEqual({
      id: "note-body",
      name: "body",
      form: "note",
      type: "text",
      "aria-invalid": undefined,
      defaultValue: "Front door",
    });
  });

  it("marks a control with errors invalid", () => {
    expect(controlProps(meta({ errors: ["Too long"] }))["aria-invalid"]).toBe(true);
  });

  it("starts numbers as their text and leaves anything else empty", () => {
    expect(controlProps(meta({ initialValue: 15 }))).toHaveProperty("defaultValue", "15");
    expect(controlProps(meta({ initialValue: undefined }))).toHaveProperty(
      "defaultValue",
      undefined,
    );
    expect(controlProps(meta({ initialValue: { a: 1 } }))).toHaveProperty(
      "defaultValue",
      undefined,
    );
  });

  it('checks a checkbox that starts on, as a form posts it ("on")', () => {
    expect(controlProps(meta({ initialValue: "on" }), "checkbox")).toMatchObject({
      type: "checkbox",
      value: "on",
      defaultChecked: true,
    });
    expect(controlProps(meta({ initialValue: true }), "checkbox")).toHaveProperty(
      "defaultChecked",
      true,
    );
    expect(controlProps(meta({ initialValue: undefined }), "checkbox")).toHaveProperty(
      "defaultChecked",
      false,
    );
  });
});

describe("the errors a form shows", () => {
  const found = { name: ["Enter a name"], zip: ["Enter a 5-digit ZIP"] };

  it("shows nothing before a field is checked, even when the check found something", () => {
    const state = { errors: found, checked: new Set<string>() };
    expect(shownErrors(state, "name")).toBeUndefined();
    expect(shownErrors(NOTHING_CHECKED, "name")).toBeUndefined();
  });

  it("shows a field's errors once it has been left, and only that field's", () => {
    const state = afterCheck(NOTHING_CHECKED, "name", found);
    expect(shownErrors(state, "name")).toEqual(["Enter a name"]);
    expect(shownErrors(state, "zip")).toBeUndefined();
    // Corrected and checked again: the error goes.
    expect(shownErrors(afterCheck(state, "name", { zip: found.zip }), "name")).toBeUndefined();
  });

  it("shows every field's errors, and the form's own, once the form is sent", () => {
    const sent = { errors: { ...found, "": ["Could not save"] }, checked: "all" as const };
    expect(shownErrors(sent, "zip")).toEqual(["Enter a 5-digit ZIP"]);
    expect(shownErrors(sent, "")).toEqual(["Could not save"]);
    // A check after the send still shows everything it finds.
    expect(afterCheck(sent, "zip", { name: found.name }).checked).toBe("all");
  });

  it("shows what the server refused, each such field counting as checked", () => {
    const state = stateFromReply({ phone: ["Enter a valid phone number"], name: null });
    expect(shownErrors(state, "phone")).toEqual(["Enter a valid phone number"]);
    expect(shownErrors(state, "name")).toBeUndefined();
    // Typing in the refused field checks it again in the browser.
    expect(state.checked).toEqual(new Set(["phone"]));
  });

  it("does not change the state it was given", () => {
    const before = afterCheck(NOTHING_CHECKED, "name", found);
    afterCheck(before, "zip", {});
    expect(before.checked).toEqual(new Set(["name"]));
    expect(NOTHING_CHECKED.checked).toEqual(new Set());
  });
});
