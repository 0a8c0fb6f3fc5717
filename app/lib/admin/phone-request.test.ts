import { describe, expect, it } from "vitest";
import { isPhoneRequest } from "./phone-request";

const request = (headers: Record<string, string>) => isPhoneRequest(new Headers(headers));

describe("isPhoneRequest", () => {
  it("believes Chromium's client hint either way", () => {
    expect(request({ "Sec-CH-UA-Mobile": "?1" })).toBe(true);
    expect(
      request({
        "Sec-CH-UA-Mobile": "?0",
        "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36",
      }),
    ).toBe(false);
  });

  it("knows an iPhone, an Android phone and Firefox on a phone by their user agent", () => {
    expect(
      request({
        "User-Agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      }),
    ).toBe(true);
    expect(
      request({
        "User-Agent":
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      }),
    ).toBe(true);
    expect(
      request({
        "User-Agent": "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
      }),
    ).toBe(true);
  });

  it("takes a tablet, a desktop or no user agent for a wider screen", () => {
    expect(
      request({
        "User-Agent":
          "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      }),
    ).toBe(false);
    expect(
      request({
        "User-Agent":
          "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      }),
    ).toBe(false);
    expect(
      request({
        "User-Agent":
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
      }),
    ).toBe(false);
    expect(request({})).toBe(false);
  });
});
