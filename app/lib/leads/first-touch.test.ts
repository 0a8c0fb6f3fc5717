import { describe, expect, test } from "vitest";
import { readFirstTouch, requestPageFrom, webSourceName } from "./first-touch";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("first touch from the request form's hidden fields", () => {
  test("keeps what passes, lower-cases the host", () => {
    expect(
      readFirstTouch(
        form({
          ft_landingPage: "/service-areas/oak-lawn-locksmith",
          ft_referrerHost: "WWW.Google.com",
          ft_utmSource: "google",
          ft_utmCampaign: "night lockouts",
          ft_gclid: "abc-123_x",
        }),
      ),
    ).toEqual({
      landingPage: "/service-areas/oak-lawn-locksmith",
      referrerHost: "www.google.com",
      utmSource: "google",
      utmCampaign: "night lockouts",
      gclid: "abc-123_x",
    });
  });

  test("drops what does not: too long, not a path, markup, a bad click id; never fails", () => {
    expect(
      readFirstTouch(
        form({
          ft_landingPage: "https://evil.example/",
          ft_referrerHost: "a b",
          ft_utmSource: "x".repeat(101),
          ft_utmMedium: "<script>",
          ft_gclid: "abc def",
          ft_utmTerm: "  ",
        }),
      ),
    ).toEqual({});
    expect(readFirstTouch(form({}))).toEqual({});
  });
});

describe("the source of a web request", () => {
  test("a Google ad click, else utm_source, else the referring site, else Website", () => {
    expect(webSourceName({ gclid: "abc", utmSource: "google" })).toBe("Google Ads");
    expect(webSourceName({ utmSource: "yelp", referrerHost: "www.yelp.com" })).toBe("yelp");
    expect(webSourceName({ referrerHost: "www.bing.com" })).toBe("bing.com");
    expect(webSourceName({ landingPage: "/" })).toBe("Website");
  });
});

describe("the page a request was sent from", () => {
  test("this site's page, with its query; nothing from elsewhere", () => {
    const own = "http://localhost:3000/request";
    expect(requestPageFrom("http://localhost:3000/request?area=oak-lawn", own)).toBe(
      "/request?area=oak-lawn",
    );
    expect(requestPageFrom("https://other.example/request", own)).toBeUndefined();
    expect(requestPageFrom("not a url", own)).toBeUndefined();
    expect(requestPageFrom(null, own)).toBeUndefined();
  });
});

describe("text-direction characters (issue 47)", () => {
  test("drops a utm value that would show reversed", () => {
    const touch = readFirstTouch(form({ ft_utmSource: "goo\u202Eelg", ft_utmMedium: "cpc" }));
    expect(touch.utmSource).toBeUndefined();
    expect(touch.utmMedium).toBe("cpc");
  });
});
