import { describe, expect, it } from "vitest";
import { speedReportSchema } from "./speed";

describe("speed report schema", () => {
  const good = {
    screen: "routes/admin/leads/lead",
    device: "phone",
    samples: [{ metric: "INP", value: 120 }],
  };

  it("accepts a back-office screen's figures", () => {
    expect(speedReportSchema.safeParse(good).success).toBe(true);
  });

  it("refuses URLs, other screens, unknown metrics, nonsense values and oversized batches", () => {
    const bad = [
      { ...good, screen: "/admin/leads/4f1c" },
      { ...good, screen: "routes/site/home" },
      { ...good, device: "watch" },
      { ...good, samples: [{ metric: "FID", value: 1 }] },
      { ...good, samples: [{ metric: "LCP", value: -1 }] },
      { ...good, samples: [] },
      { ...good, samples: Array.from({ length: 9 }, () => good.samples[0]) },
      { ...good, email: "x@example.com", samples: "no" },
    ];
    for (const body of bad) expect(speedReportSchema.safeParse(body).success).toBe(false);
  });
});
