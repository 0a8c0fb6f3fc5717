import { describe, expect, it } from "vitest";
import { breadcrumbTrail } from "./breadcrumbs";

const labels: Record<string, string> = { services: "Services", emergency: "Emergency Lockout" };
const labelFor = (segment: string) => labels[segment];

describe("breadcrumbTrail", () => {
  it("is absent for one segment or none", () => {
    expect(breadcrumbTrail("/", labelFor)).toBeNull();
    expect(breadcrumbTrail("/services", labelFor)).toBeNull();
  });

  it("starts at Home and uses friendly labels", () => {
    expect(breadcrumbTrail("/services/emergency", labelFor)).toEqual([
      { label: "Home", path: "/" },
      { label: "Services", path: "/services" },
      { label: "Emergency Lockout", path: "/services/emergency" },
    ]);
  });

  it("title-cases segments it does not know", () => {
    expect(breadcrumbTrail("/services/smart-widgets", labelFor)?.at(-1)?.label).toBe(
      "Smart Widgets",
    );
  });

  it("ignores a trailing slash", () => {
    expect(breadcrumbTrail("/services/emergency/", labelFor)).toHaveLength(3);
  });
});
