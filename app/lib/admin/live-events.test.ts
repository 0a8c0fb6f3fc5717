import { describe, expect, it, vi } from "vitest";
import {
  liveEventText,
  onLiveEvent,
  parseChange,
  parseLiveEvent,
  type CustomerUpdateAnnouncement,
} from "./live-events";

/** The data line of an event as the server writes it. */
function dataOf(text: string): string {
  return /^data: (.*)$/m.exec(text)![1]!;
}

describe("live events", () => {
  it("reads back what the server writes, for every event", () => {
    const lead = {
      id: "7f1c2d3e",
      source: "web",
      service: "Automotive",
      area: "Oak Lawn",
    } as const;
    const locksmith = {
      leadId: "7f1c2d3e",
      locksmith: "Marcus Reed",
      action: "locksmith_completed",
      finalPriceCents: 18_550,
    } as const;
    const text = liveEventText("lead", lead);
    expect(text).toBe(`event: lead\ndata: ${JSON.stringify(lead)}\n\n`);
    expect(parseLiveEvent("lead", dataOf(text))).toEqual(lead);
    expect(parseLiveEvent("lead", JSON.stringify({ ...lead, repeat: true }))).toMatchObject({
      repeat: true,
    });
    expect(parseLiveEvent("locksmith", dataOf(liveEventText("locksmith", locksmith)))).toEqual(
      locksmith,
    );
    const change = { table: "leads", op: "insert", id: "7f1c2d3e" } as const;
    expect(parseLiveEvent("change", dataOf(liveEventText("change", change)))).toEqual(change);
    expect(parseLiveEvent("ready", "{}")).toEqual({});
    expect(parseLiveEvent("ready", '{"more":true}')).toEqual({ more: true });
    expect(liveEventText("ready", {}, "1764108000123")).toBe(
      "id: 1764108000123\nevent: ready\ndata: {}\n\n",
    );
    expect(parseLiveEvent("end", '{"reason":"signed-out"}')).toEqual({ reason: "signed-out" });
    const update: CustomerUpdateAnnouncement = {
      leadId: "7f1c2d3e",
      customer: "Ann Ray",
      fields: ["address", "zip"],
      address: "12 Elm St",
      locksmithTexted: "Marcus Reed",
    };
    expect(
      parseLiveEvent("customer_updated", dataOf(liveEventText("customer_updated", update))),
    ).toEqual(update);
  });

  it.each([
    ["lead", "not json"],
    ["lead", ""],
    ["lead", "null"],
    ["lead", '{"id":"1","source":"fax","service":"Car Lockout","area":"Oak Lawn"}'],
    ["lead", '{"id":"1","source":"web","area":"Oak Lawn"}'],
    ["locksmith", '{"leadId":"1","locksmith":"Marcus","action":"locksmith_vanished"}'],
    [
      "locksmith",
      '{"leadId":"1","locksmith":"Marcus","action":"locksmith_completed","finalPriceCents":"lots"}',
    ],
    [
      "locksmith",
      '{"leadId":"1","locksmith":"Marcus","action":"locksmith_completed","finalPriceCents":185.5}',
    ],
    ["customer_updated", '{"leadId":"1","customer":"Ann Ray","fields":[]}'],
    ["customer_updated", '{"leadId":"1","customer":"Ann Ray","fields":["password"]}'],
    ["change", '{"table":"leads","op":"truncate","id":"1"}'],
    ["change", '{"table":7,"op":"insert","id":"1"}'],
    ["end", '{"reason":"bored"}'],
  ] as const)("rejects a malformed %s event: %s", (name, data) => {
    expect(parseLiveEvent(name, data)).toBeNull();
  });

  it("reads a trigger's change, and nothing else, from the database's notifications", () => {
    expect(parseChange('{"table":"jobs","op":"update","id":"42"}')).toEqual({
      table: "jobs",
      op: "update",
      id: "42",
    });
    expect(parseChange('{"table":"jobs"}')).toBeNull();
  });

  it("hands the page well-formed events only, and never throws on a malformed one", () => {
    const source = new EventTarget();
    const leads = vi.fn();
    const changes = vi.fn();
    onLiveEvent(source, "lead", leads);
    onLiveEvent(source, "change", changes);
    const send = (name: string, data: string) =>
      expect(() => source.dispatchEvent(new MessageEvent(name, { data }))).not.toThrow();

    send("lead", "{oops");
    send("lead", '{"id":"1","source":"web"}');
    send("change", '{"table":"leads","op":"explode","id":"1"}');
    expect(leads).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();

    const data = '{"id":"1","source":"phone","service":"Rekeying","area":"Evergreen Park"}';
    source.dispatchEvent(new MessageEvent("lead", { data, lastEventId: "1764108000123" }));
    send("change", '{"table":"leads","op":"insert","id":"1"}');
    expect(leads).toHaveBeenCalledExactlyOnceWith(
      { id: "1", source: "phone", service: "Rekeying", area: "Evergreen Park" },
      "1764108000123",
    );
    expect(changes).toHaveBeenCalledExactlyOnceWith({ table: "leads", op: "insert", id: "1" }, "");
  });
});
