import { expect, it } from "vitest";
import { dispatchTextNote } from "./dispatch-result";

const result = { code: "K7Q2ZB", locksmithName: "Marcus Reed", reassigned: false, text: "…" };

it("says whether the text went, waits for a hand, or is switched off", () => {
  expect(dispatchTextNote({ ...result, textStatus: "queued" })).toMatch(
    /on its way to Marcus Reed/,
  );
  expect(dispatchTextNote({ ...result, textStatus: "unsent" })).toMatch(
    /Not sent — texting is not configured/,
  );
  expect(dispatchTextNote({ ...result, textStatus: "off" })).toMatch(/switched off/);
});

it("says when a phone assignment texted nobody", () => {
  expect(dispatchTextNote({ ...result, code: null, textStatus: "phone" })).toMatch(
    /^Assigned to Marcus Reed by phone: nothing was texted to them/,
  );
});
