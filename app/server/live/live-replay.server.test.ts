import { beforeAll, expect, it } from "vitest";
import { formatLiveCursor, parseLiveCursor } from "~/lib/admin/live-cursor";
import { parseLiveEvent } from "~/lib/admin/live-events";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { createLead } from "../leads/leads.server";
import { storeWebRequest } from "../leads/service-requests.server";
import { ChangeFeed } from "./change-feed.server";
import { changeEventStream } from "./event-stream.server";
import {
  REPLAY_LIMIT,
  REPLAY_OVERLAP_MS,
  REPLAY_WINDOW_MS,
  replaySince,
} from "./live-replay.server";

/** Every event block of a stream, read until `ready` (inclusive). */
async function eventsUntilReady(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { id?: string; event: string; data: string }[] = [];
  let text = "";
  while (!events.some((event) => event.event === "ready")) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf("\n\n")) !== -1) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      if (!event) continue;
      events.push({
        id: /^id: (.*)$/m.exec(block)?.[1],
        event,
        data: /^data: (.*)$/m.exec(block)![1]!,
      });
    }
  }
  await reader.cancel();
  return events;
}

describeEachDatabase("replaying missed announcements", (t) => {
  const webRequest = (
    serviceType: "automotive" | "rekeying" = "automotive",
    phone = uniquePhone(),
  ) =>
    storeWebRequest(t.handle.db, {
      name: "Dana Fields",
      phone,
      serviceType,
      zip: "60453",
      address: undefined,
      details: undefined,
    });
  /** A cursor for "now" by the database's clock. */
  const now = async () => parseLiveCursor((await replaySince(t.handle.db, null)).head)!;

  beforeAll(async () => {
    // Start every test from a log whose recent entries are its own.
    await webRequest();
  });

  it("replays the new leads and repeat requests since the cursor, oldest first, not the office's own", async () => {
    const before = await now();
    await new Promise((resolve) => setTimeout(resolve, REPLAY_OVERLAP_MS + 50));
    const cursor = await now();
    const phone = uniquePhone();
    const { lead: web } = await webRequest("automotive", phone);
    await createLead(
      t.handle.db,
      { name: "Typed In", phone: uniquePhone(), serviceType: "rekeying", zip: "60453" },
      { kind: "system" },
    );
    await webRequest("rekeying", phone);
    const replay = await replaySince(t.handle.db, cursor);
    expect(replay.more).toBe(false);
    expect(replay.announcements.map(({ event, data }) => ({ event, data }))).toEqual([
      {
        event: "lead",
        data: {
          id: web.id,
          source: "web",
          service: "Automotive",
          area: expect.stringContaining("60453"),
          // Replayed with who covers its ZIP, as it was announced live.
          coverage: "Nobody covers 60453",
        },
      },
      // The repeat asked for another service: the customer's correction (decision 0027).
      {
        event: "customer_updated",
        data: expect.objectContaining({
          leadId: web.id,
          customer: "Dana Fields",
          fields: ["serviceType"],
        }),
      },
    ]);
    // Each carries its entry's cursor, in order, and the head is after them all.
    const cursors = replay.announcements.map((announcement) => parseLiveCursor(announcement.id)!);
    expect(cursors.every((c) => c.at >= cursor.at && c.id !== "")).toBe(true);
    expect(cursors[0]!.at).toBeLessThanOrEqual(cursors[1]!.at);
    expect(parseLiveCursor(replay.head)!.at).toBeGreaterThanOrEqual(cursors[1]!.at);
    // From the last one seen: it again (the overlap; the browser drops it), nothing new.
    const again = await replaySince(t.handle.db, cursors[1]!);
    expect(again.announcements.map((a) => a.id)).toContain(replay.announcements[1]!.id);
    // A cursor from before the earlier test data replays those too.
    expect((await replaySince(t.handle.db, before)).announcements.length).toBeGreaterThan(2);
  }, 30_000);

  it("replays at most the last ones and says there was more", async () => {
    const cursor = await now();
    const made = [];
    for (let i = 0; i < REPLAY_LIMIT + 2; i++) made.push((await webRequest()).lead.id);
    const replay = await replaySince(t.handle.db, cursor);
    expect(replay.more).toBe(true);
    expect(replay.announcements.map((a) => (a.data as { id: string }).id)).toEqual(
      made.slice(-REPLAY_LIMIT),
    );
  }, 30_000);

  it("replays nothing older than its window, and says so when something was there", async () => {
    const at = (await now()).at;
    const old = new Date(at - REPLAY_WINDOW_MS - 60_000);
    const { lead } = await webRequest();
    await t.handle.db.insert(activityLog).values({
      at: old,
      actorKind: "system",
      entity: "lead",
      entityId: lead.id,
      action: "web_request_again",
      after: { serviceType: "rekeying", zip: "60453" },
      leadId: lead.id,
    });
    const fromBefore = await replaySince(t.handle.db, { at: old.getTime() - 1_000, id: "" });
    expect(fromBefore.more).toBe(true);
    expect(fromBefore.announcements.map((a) => a.id)).not.toContain(
      formatLiveCursor({ at: old.getTime(), id: "" }),
    );
    const empty = await replaySince(t.handle.db, {
      at: old.getTime() - 10 * REPLAY_WINDOW_MS,
      id: "",
    });
    expect(empty.more).toBe(true);
    const quiet = await replaySince(t.handle.db, { at: at + 60_000, id: "" });
    expect(quiet).toMatchObject({ announcements: [], more: false });
  }, 30_000);

  it("a stream opened with a cursor sends what was missed, with ids, before `ready`", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const abort = new AbortController();
    try {
      const cursor = await now();
      const { lead } = await webRequest();
      const events = await eventsUntilReady(
        changeEventStream(feed, abort.signal, { replay: () => replaySince(t.handle.db, cursor) }),
      );
      const missed = events.findLast((event) => event.event === "lead");
      expect(parseLiveEvent("lead", missed!.data)).toMatchObject({ id: lead.id, source: "web" });
      expect(parseLiveCursor(missed!.id)).not.toBeNull();
      const ready = events.at(-1)!;
      expect(ready.event).toBe("ready");
      expect(parseLiveCursor(ready.id)!.at).toBeGreaterThanOrEqual(parseLiveCursor(missed!.id)!.at);
      // A first connection: nothing replayed, but a cursor to come back with.
      const first = await eventsUntilReady(
        changeEventStream(feed, abort.signal, { replay: () => replaySince(t.handle.db, null) }),
      );
      expect(first.map((event) => event.event)).toEqual(["ready"]);
      expect(parseLiveCursor(first[0]!.id)).not.toBeNull();
    } finally {
      abort.abort();
      await feed.close();
    }
  }, 30_000);
});
