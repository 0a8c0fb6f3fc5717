import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import { loadDemoDataOnce } from "../demo/seed.server";
import { demoReviews } from "../demo/reviews.server";
import { listPublishedReviews, listPublishedReviewsOrNone } from "./reviews.server";
import { reviews } from "../db/app-tables.server";

describeEachDatabase("reviews", (t) => {
  it("loads the demo reviews once, and not again after they are deleted", async () => {
    const { db } = t.handle;
    expect(await loadDemoDataOnce(db)).toBe(true);
    expect(await listPublishedReviews(db)).toHaveLength(demoReviews.length);
    await db.delete(reviews);
    expect(await loadDemoDataOnce(db)).toBe(false);
    expect(await listPublishedReviews(db)).toHaveLength(0);
    // The whole demo business is loaded: 13-38 s on a busy machine (a run of 2026-11-30).
  }, 90_000);

  it("lists only published reviews, newest first", async () => {
    const { db } = t.handle;
    const base = { areaSlug: "oak-lawn", rating: 5, body: "Fast.", category: "rekey" as const };
    await db.insert(reviews).values([
      { ...base, customerName: "Old", published: true, createdAt: new Date("2026-01-01") },
      { ...base, customerName: "New", published: true, createdAt: new Date("2026-06-01") },
      { ...base, customerName: "Draft", published: false },
    ]);
    const names = (await listPublishedReviews(db)).map((review) => review.customerName);
    expect(names).toEqual(["New", "Old"]);
  });

  it("refuses a rating outside 1-5", async () => {
    const { db } = t.handle;
    await expect(
      db.insert(reviews).values({
        customerName: "X",
        areaSlug: "oak-lawn",
        rating: 6,
        body: "?",
        category: "rekey",
      }),
    ).rejects.toThrow();
  });

  it("announces every change on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    const [row] = await t.handle.db
      .insert(reviews)
      .values({
        customerName: "Live",
        areaSlug: "oak-lawn",
        rating: 4,
        body: "Ok.",
        category: "commercial",
      })
      .returning({ id: reviews.id });
    await t.handle.db.execute(sql`select 1`);
    await expect.poll(() => seen.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ table: "reviews", op: "insert", id: row!.id });
    await feed.close();
  });

  it("gives no reviews instead of failing when the database does not answer", async () => {
    const broken = {
      select: () => {
        throw new Error("connection refused");
      },
    } as never;
    expect(await listPublishedReviewsOrNone(broken)).toEqual([]);
  });
});
