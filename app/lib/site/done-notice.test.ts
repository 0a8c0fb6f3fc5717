import { describe, expect, it } from "vitest";
import { doneNotice } from "./done-notice";

const SENTENCES = { eta: "Sent: the customer knows you are on the way." } as const;

describe("doneNotice", () => {
  it("gives the sentence for a known ?done key", () => {
    const request = new Request("https://lockline.test/j/abc?done=eta");
    expect(doneNotice(request, SENTENCES)).toBe(SENTENCES.eta);
  });

  it("gives nothing without the key, for an unknown key or an inherited name", () => {
    for (const url of ["/j/abc", "/j/abc?done=", "/j/abc?done=nope", "/j/abc?done=toString"])
      expect(doneNotice(new Request(`https://lockline.test${url}`), SENTENCES)).toBeNull();
  });
});
