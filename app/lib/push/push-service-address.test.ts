import { describe, expect, test } from "vitest";
import { isPushServiceAddress } from "./push-service-address";

describe("isPushServiceAddress", () => {
  test("a browser's https push service is accepted", () => {
    expect(isPushServiceAddress("https://fcm.googleapis.com/fcm/send/abc", undefined)).toBe(true);
  });

  test("plain http, or anything else, is refused", () => {
    expect(isPushServiceAddress("http://169.254.169.254/latest", undefined)).toBe(false);
    expect(isPushServiceAddress("http://localhost:8090/notify/x", undefined)).toBe(false);
    expect(isPushServiceAddress("ftp://example.com/x", undefined)).toBe(false);
    expect(isPushServiceAddress("not a url", undefined)).toBe(false);
  });

  test("only the named test service's origin is let through over http", () => {
    const service = "http://localhost:8090";
    expect(isPushServiceAddress("http://localhost:8090/notify/abc", service)).toBe(true);
    expect(isPushServiceAddress("http://localhost:8091/notify/abc", service)).toBe(false);
    expect(isPushServiceAddress("http://127.0.0.1:8090/notify/abc", service)).toBe(false);
  });
});
