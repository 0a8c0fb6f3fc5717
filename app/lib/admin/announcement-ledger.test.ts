import { describe, expect, it } from "vitest";
import { AnnouncementLedger } from "./announcement-ledger";

const entry = (at: number, n: number) =>
  `${at}.00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("announcement ledger", () => {
  it("shows each announcement once, live or replayed", () => {
    const ledger = new AnnouncementLedger();
    ledger.streamOpening();
    ledger.ready("1000");
    expect(ledger.cursor).toBe("1000");
    expect(ledger.isNews(entry(2000, 1))).toBe(true);
    expect(ledger.cursor).toBe(entry(2000, 1));
    // Cut off; the reconnect replays from a little before the cursor.
    ledger.streamOpening();
    expect(ledger.isNews(entry(2000, 1))).toBe(false);
    expect(ledger.isNews(entry(3000, 2))).toBe(true);
    ledger.ready("4000");
    expect(ledger.cursor).toBe("4000");
    expect(ledger.isNews(entry(5000, 3))).toBe(true);
  });

  it("drops what a replay reaches back to from before the page's first stream", () => {
    const ledger = new AnnouncementLedger();
    ledger.streamOpening();
    ledger.ready("10000");
    ledger.streamOpening();
    expect(ledger.isNews(entry(7000, 1))).toBe(false);
    expect(ledger.isNews(entry(12000, 2))).toBe(true);
    ledger.ready("15000");
    // Live, an entry written before the stream opened but committed after is still news.
    expect(ledger.isNews(entry(9000, 3))).toBe(true);
  });

  it("forgets the oldest past its limit, and passes events without an id", () => {
    const ledger = new AnnouncementLedger();
    ledger.ready("1");
    for (let n = 0; n < 201; n++) ledger.isNews(entry(10 + n, n));
    expect(ledger.isNews(entry(10, 0))).toBe(true);
    expect(ledger.isNews(entry(210, 200))).toBe(false);
    expect(ledger.isNews("")).toBe(true);
  });
});
