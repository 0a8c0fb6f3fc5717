import { expect, it } from "vitest";
import { dispatchText } from "./dispatch-text";

const job = {
  businessName: "Lockline Locksmith",
  customerName: "Ann Lee",
  phone: "+13125550147",
  address: "123 W Madison St, apt 4",
  zip: "60601",
  service: "Emergency Lockout",
  details: "Locked out, kids inside",
  code: "K7Q2ZD",
  expiresAt: new Date("2026-11-24T04:23:00Z"),
};

it("names who, where, what and the code, one per line", () => {
  expect(dispatchText(job)).toBe(
    [
      "Lockline Locksmith: new job, code K7Q2ZD",
      "Customer: Ann Lee, (312) 555-0147",
      "Where: 123 W Madison St, apt 4, 60601",
      "Service: Emergency Lockout",
      "Notes: Locked out, kids inside",
      "Code valid until Nov 23, 2026, 10:23 PM",
    ].join("\n"),
  );
});

it("says to call when there is no address, and leaves out empty notes", () => {
  const text = dispatchText({
    ...job,
    address: null,
    zip: null,
    details: null,
    link: "https://x/j/abc",
  });
  expect(text).toContain("Where: Address not given: call the customer");
  expect(text).not.toContain("Notes:");
  expect(text.split("\n").at(-1)).toBe("Job page: https://x/j/abc");
});
