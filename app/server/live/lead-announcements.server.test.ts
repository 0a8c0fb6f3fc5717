import { afterAll, beforeAll, expect, it } from "vitest";
import { parseLiveEvent } from "~/lib/admin/live-events";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import type { Db } from "../db/database.server";
import { createTestLocksmith } from "../../../tests/helpers/available-locksmith";
import { storeWebRequest } from "../leads/service-requests.server";
import { ChangeFeed, type Change } from "./change-feed.server";
import { changeEventStream } from "./event-stream.server";
import { AnnouncementFeed, announceNewLeads } from "./lead-announcements.server";
import { readNightWatchSettings } from "../night-watch/settings.server";
import { notifyOperators } from "../night-watch/notify-operators.server";
import { configuredTexts } from "../../../tests/helpers/texting";

/** An open stream's events as they arrive. */
function readStream(response: Response) {
  const events: { event: string; data: string }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = pending.indexOf("\n\n")) !== -1) {
        const block = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) events.push({ event, data });
      }
    }
  })();
  return events;
}

describeEachDatabase("new-lead announcements", (t) => {
  let feed: ChangeFeed;
  let announcements: AnnouncementFeed;
  /** Each change the announcer was asked about, and how many queries it has started. */
  const asked: { change: Change }[] = [];
  let queries = 0;

  beforeAll(async () => {
    feed = await ChangeFeed.start(t.handle);
    // The database as the announcer sees it, counting the queries it starts.
    const counted = new Proxy(t.handle.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (
          typeof value !== "function" ||
          !["select", "execute", "query"].includes(String(property))
        )
          return value;
        return (...args: unknown[]) => {
          queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const announce = announceNewLeads(counted);
    announcements = new AnnouncementFeed(feed, (change) => {
      asked.push({ change });
      return announce(change);
    });
  });
  afterAll(() => feed.close());

  const webRequest = () =>
    storeWebRequest(t.handle.db, {
      name: "Dana Fields",
      phone: uniquePhone(),
      serviceType: "automotive",
      zip: "60453",
      address: undefined,
      details: undefined,
    });

  it("looks a new lead up once for every open stream, and announces it on each", async () => {
    const abort = new AbortController();
    const streams = Array.from({ length: 6 }, () =>
      readStream(changeEventStream(feed, abort.signal, { announcements })),
    );
    try {
      asked.length = 0;
      const before = queries;
      const { lead } = await webRequest();
      for (const events of streams) {
        await expect
          .poll(() => events.find((event) => event.event === "lead")?.data, { timeout: 10_000 })
          .toBeDefined();
        expect(parseLiveEvent("lead", events.find((e) => e.event === "lead")!.data)).toEqual({
          id: lead.id,
          source: "web",
          service: "Automotive",
          area: expect.stringContaining("(60453)"),
          // Nobody on the roster yet.
          coverage: "Nobody covers 60453",
        });
      }
      // Every change the request made (the lead, its customer, its activity entry) was
      // looked at once, not once per stream: one query for the activity entry the lead was
      // written with, one for the "needs closing" setting (who counts as busy) and one to rank
      // the locksmiths for its ZIP.
      await expect
        .poll(() => asked.some(({ change }) => change.table === "activity_log"))
        .toBe(true);
      const ids = asked.map(({ change }) => `${change.table}:${change.op}:${change.id}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(`leads:insert:${lead.id}`);
      expect(asked.filter(({ change }) => change.table === "activity_log")).toHaveLength(1);
      expect(queries - before).toBe(3);
    } finally {
      abort.abort();
    }
  });

  it("says when nobody covers the ZIP, naming the nearest, and nothing when someone does", async () => {
    const abort = new AbortController();
    const events = readStream(changeEventStream(feed, abort.signal, { announcements }));
    const coverageOf = async (leadId: string) => {
      await expect
        .poll(() => events.some((e) => e.event === "lead" && e.data.includes(leadId)), {
          timeout: 10_000,
        })
        .toBe(true);
      const event = events.find((e) => e.event === "lead" && e.data.includes(leadId))!;
      return parseLiveEvent("lead", event.data)?.coverage;
    };
    try {
      const roster = (name: string, zip: string) =>
        createTestLocksmith(t.handle.db, { name, assignedZips: [zip] });
      await roster("Bea Bridgeview", "60455");
      expect(await coverageOf((await webRequest()).lead.id)).toMatch(
        /^Nobody covers 60453 — nearest: Bea Bridgeview \(\d\.\d mi\)$/,
      );
      await roster("Otto Oaklawn", "60453");
      expect(await coverageOf((await webRequest()).lead.id)).toBeUndefined();
    } finally {
      abort.abort();
    }
  });

  it("announces each night-watch alert once, in the words of its text (issue 46)", async () => {
    const abort = new AbortController();
    const events = readStream(changeEventStream(feed, abort.signal, { announcements }));
    try {
      const { lead } = await webRequest();
      const settings = await readNightWatchSettings(t.handle.db);
      const raise = () =>
        t.handle.db.transaction((tx) =>
          notifyOperators(
            tx,
            { leadId: lead.id, rule: "eta_passed", since: new Date(), detail: "Ann Ray, 20 min" },
            { texts: configuredTexts(), settings, now: new Date() },
          ),
        );
      await raise();
      // The same alert again is not raised again, so not announced again.
      await raise();
      await expect
        .poll(() => events.filter((event) => event.event === "escalation").length, {
          timeout: 10_000,
        })
        .toBe(1);
      const escalation = events.find((event) => event.event === "escalation")!;
      expect(parseLiveEvent("escalation", escalation.data)).toEqual({
        leadId: lead.id,
        text: expect.stringContaining("Ann Ray, 20 min"),
      });
    } finally {
      abort.abort();
    }
  });

  it("costs nothing while no stream is open", async () => {
    asked.length = 0;
    const before = queries;
    const seen: Change[] = [];
    const stop = feed.subscribe((change) => seen.push(change));
    try {
      const { lead } = await webRequest();
      await expect.poll(() => seen.some((change) => change.id === lead.id)).toBe(true);
      expect(asked).toEqual([]);
      expect(queries).toBe(before);
    } finally {
      stop();
    }
  });
});
