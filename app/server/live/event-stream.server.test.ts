import { afterEach, describe, expect, it } from "vitest";
import { ChangeFeed } from "./change-feed.server";
import { changeEventStream, type Replay } from "./event-stream.server";

/*
 * The first stream of a page says whether the page is still current: whether any change a
 * browser is told of came in between the page's mark (taken before its loaders read) and the
 * stream's start. A page told `current` is not read a second time; one that is not, is.
 */

/** A change feed over a NOTIFY channel the test speaks on, and its connection's state. */
async function feedOnChannel() {
  let notify: (payload: string) => void = () => {};
  let connected: (connected: boolean) => void = () => {};
  const feed = await ChangeFeed.start({
    async listen(_channel, onPayload, onState) {
      notify = onPayload;
      if (onState) connected = onState;
      return async () => {};
    },
  });
  const change = (table: string) => notify(JSON.stringify({ table, op: "update", id: "row-1" }));
  return { feed, change, connected: (state: boolean) => connected(state) };
}

const opened: AbortController[] = [];
afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort();
});

const NO_REPLAY = async (): Promise<Replay> => ({ announcements: [], more: false, head: "h" });

/** Opens a stream and reads its events until `ready` (inclusive), as the browser sees them. */
async function eventsUntilReady(feed: ChangeFeed, mark: string | null) {
  const controller = new AbortController();
  opened.push(controller);
  const response = changeEventStream(feed, controller.signal, { mark, replay: NO_REPLAY });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/event: ready\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`The stream ended before ready:\n${text}`);
    text += value;
  }
  return text
    .split("\n\n")
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1],
      data: /^data: (.+)$/m.exec(block)?.[1],
    }))
    .filter((event) => event.event);
}

describe("a page's first stream", () => {
  it("says current when nothing changed since the page's mark", async () => {
    const { feed } = await feedOnChannel();
    const mark = feed.mark();
    expect(await eventsUntilReady(feed, mark)).toEqual([
      { event: "ready", data: JSON.stringify({ current: true }) },
    ]);
  });

  it("does not when a table changed in between, and the change itself is not sent again", async () => {
    const { feed, change } = await feedOnChannel();
    const mark = feed.mark();
    change("jobs");
    expect(await eventsUntilReady(feed, mark)).toEqual([{ event: "ready", data: "{}" }]);
  });

  it("still says current after a change to sessions or accounts alone", async () => {
    const { feed, change } = await feedOnChannel();
    const mark = feed.mark();
    change("session");
    change("user");
    expect(await eventsUntilReady(feed, mark)).toEqual([
      { event: "ready", data: JSON.stringify({ current: true }) },
    ]);
  });

  it("does not after the feed's connection came back (changes may have been missed)", async () => {
    const { feed, connected } = await feedOnChannel();
    const mark = feed.mark();
    connected(false);
    connected(true);
    expect(await eventsUntilReady(feed, mark)).toEqual([{ event: "ready", data: "{}" }]);
  });

  it("does not for a mark of another process, or without one", async () => {
    const { feed } = await feedOnChannel();
    const { feed: other } = await feedOnChannel();
    expect(await eventsUntilReady(feed, other.mark())).toEqual([{ event: "ready", data: "{}" }]);
    expect(await eventsUntilReady(feed, null)).toEqual([{ event: "ready", data: "{}" }]);
  });
});
