import { describe, expect, it } from "vitest";
import { firstErrors as messages } from "../../../tests/helpers/zod-errors";
import { AUTH } from "../ui-text";
import { authFormSchema, signInSchema, signUpSchema } from "./auth";

const { passwordTooShort: PASSWORD_TOO_SHORT, passwordTooWeak: PASSWORD_TOO_WEAK } = AUTH;

// The messages of docs/spec/back-office.md §5 (sign-up).
describe("sign-up validation (the spec's messages)", () => {
  const valid = {
    intent: "sign-up",
    name: "Ana Díaz",
    email: "Ana@Example.com ",
    password: "Secret123",
  };

  it("accepts a good sign-up and normalises the email", () => {
    const result = signUpSchema.parse(valid);
    expect(result.email).toBe("ana@example.com");
  });

  it("requires name, email and password", () => {
    expect(
      messages(signUpSchema.safeParse({ intent: "sign-up", name: " ", email: "", password: "" })),
    ).toEqual({
      name: "Name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("says when the password is shorter than 8", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, password: "Ab1" })).password).toBe(
      PASSWORD_TOO_SHORT,
    );
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 8 characters long");
  });

  it("says when the password lacks an uppercase, lowercase or number", () => {
    for (const password of ["alllowercase1", "ALLUPPERCASE1", "NoNumbersHere"]) {
      expect(messages(signUpSchema.safeParse({ ...valid, password })).password).toBe(
        PASSWORD_TOO_WEAK,
      );
    }
    expect(PASSWORD_TOO_WEAK).toBe(
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    );
  });

  it("rejects a malformed email", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, email: "not-an-email" })).email).toBe(
      "Enter a valid email address",
    );
  });
});

describe("sign-in validation", () => {
  it("requires email and password but checks no strength", () => {
    expect(
      signInSchema.safeParse({ intent: "sign-in", email: "a@b.co", password: "x" }).success,
    ).toBe(true);
    expect(
      messages(signInSchema.safeParse({ intent: "sign-in", email: "", password: "" })),
    ).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("picks the schema by intent", () => {
    expect(
      authFormSchema.safeParse({ intent: "sign-in", email: "a@b.co", password: "x" }).success,
    ).toBe(true);
    expect(authFormSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
  });
});
