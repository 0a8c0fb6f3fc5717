import { describe, expect, it } from "vitest";
import {
  DEFAULT_TEMPLATES,
  OPT_OUT_LINE,
  renderText,
  SAMPLE_VALUES,
  TEMPLATE_MAX_LENGTH,
  TEXT_KINDS,
  templateProblem,
} from "./text-templates";

describe("text templates", () => {
  it("accepts every default template", () => {
    for (const kind of TEXT_KINDS)
      expect(templateProblem(kind, DEFAULT_TEMPLATES[kind])).toBe(undefined);
  });

  it("fills placeholders and leaves out a line whose placeholders are all empty", () => {
    const text = renderText("locksmith_dispatch", DEFAULT_TEMPLATES.locksmith_dispatch, {
      ...SAMPLE_VALUES,
      details: "",
    });
    expect(text).toContain("Lockline: new job, code K7Q2ZB");
    expect(text).toContain("Customer: Maria Lopez\n");
    // The locksmith calls through the business line: never the customer's number (issue 50).
    expect(text).not.toContain("555-0142");
    expect(templateProblem("locksmith_dispatch", "{code} {link} {customer_phone}")).toMatch(
      /^\{customer_phone\} cannot be filled in this text/,
    );
    expect(text).not.toContain("Notes:");
    expect(text).not.toContain("{");
  });

  it("ends texts to customers with the opt-out line, and only those", () => {
    for (const kind of TEXT_KINDS) {
      const text = renderText(kind, DEFAULT_TEMPLATES[kind], SAMPLE_VALUES);
      expect(text.endsWith(`\n${OPT_OUT_LINE}`)).toBe(kind.startsWith("customer_"));
    }
  });

  it("keeps the opt-out line even when the template tries to say it differently", () => {
    const text = renderText("customer_dispatched", "{business}: on it.", SAMPLE_VALUES);
    expect(text).toBe(`Lockline: on it.\n${OPT_OUT_LINE}`);
  });

  it("refuses a placeholder the kind cannot fill, a missing required one, and empty or long text", () => {
    expect(templateProblem("customer_dispatched", "Hi {customer_phone}")).toMatch(
      /^\{customer_phone\} cannot be filled in this text\. Use \{business\}/,
    );
    expect(templateProblem("customer_on_the_way", "{locksmith} is coming")).toBe(
      "This text needs {minutes}.",
    );
    expect(templateProblem("locksmith_dispatch", "Job {code}")).toBe("This text needs {link}.");
    expect(templateProblem("customer_review_request", "   ")).toBe(
      "Write the text, or switch this kind off.",
    );
    expect(
      templateProblem(
        "customer_review_request",
        `{review_link} ${"x".repeat(TEMPLATE_MAX_LENGTH)}`,
      ),
    ).toMatch(/^Keep it to 600 characters/);
  });

  it("trims what it fills in", () => {
    expect(renderText("customer_on_the_way", "ETA {minutes} min", { minutes: " 15 " })).toBe(
      `ETA 15 min\n${OPT_OUT_LINE}`,
    );
  });
});
