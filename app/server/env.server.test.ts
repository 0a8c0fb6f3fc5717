import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("takes the Google Ads and the Thumbtack OAuth variables all three together, or none", () => {
    expect(() => parseEnv({ GOOGLE_ADS_CLIENT_ID: "client-id-1234" })).toThrow(
      /GOOGLE_ADS_DEVELOPER_TOKEN, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET: set all three for Google Local Services, or none/,
    );
    expect(() => parseEnv({ THUMBTACK_CLIENT_ID: "tt", THUMBTACK_CLIENT_SECRET: "s" })).toThrow(
      /THUMBTACK_CLIENT_ID, THUMBTACK_CLIENT_SECRET, THUMBTACK_REFRESH_TOKEN: set all three for Thumbtack replies, or none/,
    );
    expect(
      parseEnv({
        THUMBTACK_CLIENT_ID: "tt",
        THUMBTACK_CLIENT_SECRET: "s",
        THUMBTACK_REFRESH_TOKEN: "r",
      }).THUMBTACK_REFRESH_TOKEN,
    ).toBe("r");
  });

  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBe("on");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.BUSINESS_PHONE).toMatch(/555-01\d\d/);
  });

  it("allows cheap password hashes only under NODE_ENV=test", () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe("standard");
    expect(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "test" }).PASSWORD_HASH_COST).toBe(
      "test",
    );
    for (const NODE_ENV of [undefined, "production", "development"]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_HASH_COST: "test" })).toThrow(EnvError);
    }
  });

  it("reads values and trims a trailing slash from SITE_URL", () => {
    const env = parseEnv({ PORT: "8080", SITE_URL: "https://lockline.example/", DEMO_DATA: "off" });
    expect(env.PORT).toBe(8080);
    expect(env.SITE_URL).toBe("https://lockline.example");
    expect(env.DEMO_DATA).toBe("off");
    expect(parseEnv({ DEMO_SEED: "42" }).DEMO_SEED).toBe(42);
  });

  it("reads the session limits and the mail server, and refuses what is not one", () => {
    const defaults = parseEnv({});
    expect([defaults.SESSION_MAX_DAYS, defaults.SESSION_IDLE_HOURS]).toEqual([7, 12]);
    expect(defaults.SMTP_URL).toBeUndefined();
    const set = parseEnv({
      SESSION_MAX_DAYS: "1",
      SESSION_IDLE_HOURS: "0.5",
      SMTP_URL: "smtps://user:pass@mail.example:465",
      MAIL_FROM: "office@lockline.example",
    });
    expect([set.SESSION_MAX_DAYS, set.SESSION_IDLE_HOURS]).toEqual([1, 0.5]);
    expect(set.SMTP_URL).toBe("smtps://user:pass@mail.example:465");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ SESSION_IDLE_HOURS: "0" })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => parseEnv({ SESSION_MAX_DAYS: "forever" })).toThrow(/SESSION_MAX_DAYS/);
    expect(() => parseEnv({ MAIL_FROM: "office" })).toThrow(/MAIL_FROM/);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA/);
    expect(() => parseEnv({ BUSINESS_PHONE: "12" })).toThrow(/BUSINESS_PHONE/);
    expect(() => parseEnv({ DEMO_SEED: "-1" })).toThrow(/DEMO_SEED/);
  });

  it("loads demo data by default only on the embedded quick start", () => {
    expect(parseEnv({}).DEMO_DATA).toBe("on");
    expect(parseEnv({ NODE_ENV: "development" }).DEMO_DATA).toBe("on");
    expect(parseEnv({ NODE_ENV: "production" }).DEMO_DATA).toBe("off");
    expect(parseEnv({ DATABASE_URL: "postgres://db/lockline" }).DEMO_DATA).toBe("off");
    expect(parseEnv({ NODE_ENV: "production", DEMO_DATA: "on" }).DEMO_DATA).toBe("on");
    expect(parseEnv({ DATABASE_URL: "postgres://db/lockline", DEMO_DATA: "on" }).DEMO_DATA).toBe(
      "on",
    );
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
