import { describe, expect, it } from "vitest";
import { DOOR_CHECK_FIELD } from "../door-check/check-form";
import { VIN_TEXT } from "../door-check/vin";
import { doorCheckSchema, doorRefusalSchema } from "./door-check";

const home = {
  intent: "door_check",
  askedBy: "Dana Reyes",
  opened: "home",
  idType: "drivers_license",
  idLast4: "a123",
  idExpiry: "2029-05-01",
  idNameMatches: "yes",
  authority: "lease",
  authorityNameMatches: "yes",
  authorityAddressMatches: "yes",
  statementWay: "on_screen",
  signerName: "Dana Reyes",
  consent: "on",
};

function errorsOf(input: Record<string, unknown>) {
  const parsed = doorCheckSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("the door check's form", () => {
  it("takes a home check signed on the screen, the ID's last 4 in capitals", () => {
    const parsed = doorCheckSchema.parse(home);
    expect(parsed.idLast4).toBe("A123");
    expect(parsed.vin).toBeUndefined();
  });

  it("asks a vehicle for its VIN and plate, and refuses a VIN with a wrong check digit", () => {
    expect(errorsOf({ ...home, opened: "vehicle" })).toEqual({
      vin: DOOR_CHECK_FIELD.vinNeeded,
      plate: DOOR_CHECK_FIELD.plate,
    });
    expect(
      errorsOf({ ...home, opened: "vehicle", vin: "1HGCM82643A004352", plate: "AB 1234" }),
    ).toEqual({
      vin: VIN_TEXT.checkDigit,
    });
    const good = doorCheckSchema.parse({
      ...home,
      opened: "vehicle",
      authority: "registration",
      vin: "1hgcm82633a004352",
      plate: "ab 1234",
    });
    expect(good).toMatchObject({ vin: "1HGCM82633A004352", plate: "AB1234" });
  });

  it("does not pass a check whose names do not match", () => {
    expect(errorsOf({ ...home, idNameMatches: "no" })).toEqual({
      idNameMatches: DOOR_CHECK_FIELD.noMatch,
    });
    expect(errorsOf({ ...home, authorityNameMatches: "no" })).toEqual({
      authorityNameMatches: DOOR_CHECK_FIELD.noMatch,
    });
  });

  it("needs the customer's typed name and tick when they state it on the screen, not when on their phone", () => {
    expect(errorsOf({ ...home, signerName: "", consent: "" })).toEqual({
      signerName: DOOR_CHECK_FIELD.signerName,
      consent: DOOR_CHECK_FIELD.consent,
    });
    expect(
      errorsOf({ ...home, statementWay: "customer_link", signerName: "", consent: "" }),
    ).toEqual({});
  });

  it("refuses an unlisted document, ID type and a bad expiry date with the field's message", () => {
    expect(
      errorsOf({ ...home, authority: "library_card", idType: "gym_card", idExpiry: "05/01/29" }),
    ).toEqual({
      authority: DOOR_CHECK_FIELD.authority,
      idType: DOOR_CHECK_FIELD.idType,
      idExpiry: DOOR_CHECK_FIELD.idExpiry,
    });
    expect(errorsOf({ ...home, idLast4: "12" })).toEqual({ idLast4: DOOR_CHECK_FIELD.idLast4 });
  });

  it("asks a refusal for its reason", () => {
    expect(doorRefusalSchema.safeParse({ intent: "door_refusal", reason: " " }).success).toBe(
      false,
    );
    expect(doorRefusalSchema.parse({ intent: "door_refusal", reason: "No ID" }).reason).toBe(
      "No ID",
    );
  });
});
