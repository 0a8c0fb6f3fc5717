import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { recordSpeed, speedSince } from "./speed.server";

describeEachDatabase("speed histograms", (t) => {
  const db = () => t.handle.db;
  const screen = "routes/admin/leads/index";

  it("counts each report's figures in the day's buckets and reads p75 back per screen and device", async () => {
    for (const inp of [120, 150, 180, 900]) {
      await recordSpeed(db(), "2026-11-20", {
        screen,
        device: "phone",
        samples: [
          { metric: "INP", value: inp },
          { metric: "LCP", value: 1800 },
        ],
      });
    }
    await recordSpeed(db(), "2026-11-20", {
      screen,
      device: "desktop",
      samples: [{ metric: "INP", value: 40 }],
    });
    const rows = await speedSince(db(), "2026-11-14");
    const phoneInp = rows.find((row) => row.device === "phone" && row.metric === "INP")!;
    expect(phoneInp.samples).toBe(4);
    expect(phoneInp.p75).toBeGreaterThan(180);
    expect(phoneInp.p75).toBeLessThan(200);
    const phoneLcp = rows.find((row) => row.device === "phone" && row.metric === "LCP")!;
    expect(phoneLcp.samples).toBe(4);
    const desktop = rows.filter((row) => row.device === "desktop");
    expect(desktop).toHaveLength(1);
  });

  it("leaves out days before the period", async () => {
    await recordSpeed(db(), "2026-10-01", {
      screen: "routes/admin/jobs/index",
      device: "tablet",
      samples: [{ metric: "CLS", value: 0.02 }],
    });
    const rows = await speedSince(db(), "2026-11-01");
    expect(rows.some((row) => row.screen === "routes/admin/jobs/index")).toBe(false);
    const older = await speedSince(db(), "2026-09-01");
    expect(older.some((row) => row.screen === "routes/admin/jobs/index")).toBe(true);
  });
});
