import { z } from "zod";
import { PHONE_REGION_CHOICES } from "~/lib/phone-region";

const onOff = z.enum(["on", "off"]);

/** pino's levels, most to least severe, and silent. */
const logLevel = z
  .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
  .default("info");
const logFormat = z.enum(["json", "pretty"]);

/** A TIN_ENCRYPTION_KEY or ID_PHOTO_ENCRYPTION_KEY: 32 bytes in base64. */
function isTinKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, "base64").length === 32;
}

/** Every variable the server reads (the README's Configuration section lists each one). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SITE_URL: z.url().optional(),
  BUSINESS_NAME: z.string().min(2).default("Lockline Locksmith"),
  BUSINESS_PHONE: z
    .string()
    .regex(/^\D*1?\D*\d{3}\D*\d{3}\D*\d{4}\D*$/, "must be a 10-digit US phone number")
    .default("(312) 555-0147"),
  BUSINESS_EMAIL: z.email().default("info@lockline.example"),
  BUSINESS_CITY: z.string().min(2).default("Chicago, IL"),
  /**
   * Unset: "off" for a production install (DATABASE_URL, or NODE_ENV=production), "on" for
   * the embedded quick start (`npm start` with neither, see scripts/launch.cjs).
   */
  DEMO_DATA: onOff.optional(),
  /** Which demo business an empty database gets (the same seed gives the same rows). */
  DEMO_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  /** Embedded database backups: every N hours (0 turns them off), newest N kept. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** Outside DATA_DIR: a backup must not contain the previous backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Compliance files (insurance certificates, bonds): beside DATA_DIR, as backups are. */
  FILES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: logLevel,
  /** "pretty": readable lines (pino-pretty); "json": JSON lines. Unset: pretty at a terminal. */
  LOG_FORMAT: logFormat.optional(),
  /**
   * "test": cheap password hashes (scrypt N=2^10) so test suites that make and check many
   * passwords do not spend minutes hashing. Refused unless NODE_ENV=test (below), so a
   * deployed server always hashes at the full cost.
   */
  PASSWORD_HASH_COST: z.enum(["standard", "test"]).default("standard"),
  /** Signs session cookies; when unset, one is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Express "trust proxy" setting: which proxy may tell us the client IP (e.g. "loopback",
   * "10.0.0.0/8", or a hop count). Unset: the socket address is the client.
   */
  TRUSTED_PROXY: z.string().optional(),
  /**
   * Sessions (decision 0030): one ends this long after sign-in whatever happens (absolute),
   * or after this long unused (idle), whichever comes first.
   */
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(90).default(7),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(0.05)
    .max(24 * 90)
    .default(12),
  /**
   * Outgoing mail (password reset links), e.g. smtps://user:pass@smtp.example.com:465.
   * Unset: "Forgot password?" tells people to ask an owner for a reset link.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of that mail; BUSINESS_EMAIL when unset. */
  MAIL_FROM: z.email().optional(),
  /**
   * Twilio phone calls (docs/decisions/0009-twilio-call-events.md). The auth token checks the
   * webhooks' signatures (unset: the webhook endpoints answer 404); with the account SID it
   * also fetches call recordings for the admin's player.
   */
  TWILIO_AUTH_TOKEN: z.string().trim().min(16, "must be the account's auth token").optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be an account SID (AC followed by 32 hex digits)")
    .optional(),
  /**
   * Texts (docs/decisions/0014-texts-through-an-outbox.md) go from this number, or through
   * this Messaging Service; with neither (nor a number set in Settings → Messages), texts
   * wait in the outbox to be sent by hand.
   */
  TWILIO_FROM_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form, like +13125550147")
    .optional(),
  /**
   * Where the server texts and calls (issue 47): US numbers (and its territories on +1),
   * and Canada's too when this names it ("US,CA"). Anything else on +1 (the Caribbean) and
   * premium-rate lines are never texted or called.
   */
  PHONE_REGIONS: z
    .string()
    .trim()
    .default("US")
    .transform((value) => value.split(",").map((part) => part.trim().toUpperCase()))
    .pipe(z.array(z.enum(PHONE_REGION_CHOICES)).min(1)),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .trim()
    .regex(/^MG[0-9a-fA-F]{32}$/, "must be a Messaging Service SID (MG followed by 32 hex digits)")
    .optional(),
  /**
   * Web Push (decision 0033) goes only to https push services; this origin is allowed too:
   * a local push service for tests (web-push-testing), never set in production.
   */
  WEB_PUSH_TEST_SERVICE: z.url().optional(),
  /**
   * Error tracking (Sentry or a service speaking its protocol): the server's unexpected
   * errors and the back office's failed screens are reported there. Unset: nothing is sent
   * and the SDK is never loaded.
   */
  SENTRY_DSN: z.url().optional(),
  /**
   * The business's Illinois locksmith agency license number (IDFPR), shown in the footer, on
   * the about page, in the structured data, on the customer's page and the receipt. Unset:
   * no license number is shown anywhere (decision 0036).
   */
  AGENCY_LICENSE_NUMBER: z
    .string()
    .trim()
    .regex(/^[0-9A-Z][0-9A-Z.-]{2,19}$/, "must be the license number as issued, like 127.001234")
    .optional(),
  /**
   * The card pay link (decision 0036): Stripe's secret key and the webhook endpoint's signing
   * secret, both or neither. Unset: "Pay link" is not offered and nothing else changes.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/, "must be a Stripe secret or restricted key")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[0-9A-Za-z+/=]{8,}$/, "must be the webhook signing secret (whsec_...)")
    .optional(),
  /**
   * Encrypts each locksmith's taxpayer identification number at rest (AES-256-GCM, decision
   * 0070): 32 random bytes in base64 (`openssl rand -base64 32`). Unset: a W-9 is saved
   * without its number and the IRIS file cannot be made. Lost: the numbers cannot be read.
   */
  TIN_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(isTinKey, "must be 32 random bytes in base64 (openssl rand -base64 32)")
    .optional(),
  /**
   * The keys TIN_ENCRYPTION_KEY replaced, comma-separated (decision 0074): what they sealed
   * still opens until `npm run reseal` has sealed it again under the current key.
   */
  TIN_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.every(isTinKey),
      "must be keys of 32 random bytes in base64, separated by commas",
    )
    .optional(),
  /**
   * Seals the redacted ID photos an owner chose to keep (AES-256-GCM, decision 0077): 32 random
   * bytes in base64. Unset: the photo step is not offered and no photo is kept.
   */
  ID_PHOTO_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(isTinKey, "must be 32 random bytes in base64 (openssl rand -base64 32)")
    .optional(),
  /**
   * Google Local Services leads through the Google Ads API (issue 51, decision 0072): the
   * developer token and the OAuth client (id and secret) the business's refresh token was
   * made with, all three or none; the manager account's ID when the business's account is
   * reached through one. Unset: Settings → Sources says the connection is not available.
   */
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().trim().min(10).optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().trim().min(10).optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().trim().min(6).optional(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z
    .string()
    .trim()
    .transform((value) => value.replace(/-/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, "must be a Google Ads customer ID (123-456-7890)"))
    .optional(),
  /** The Google Ads API and Google's OAuth token endpoint at other addresses: local fakes for tests. */
  GOOGLE_ADS_API_BASE_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  /**
   * Thumbtack's pro webhooks (issue 51, decision 0073): the password Thumbtack sends with each
   * delivery (HTTP Basic, set on the webhook). Unset: the webhook answers 404.
   */
  THUMBTACK_WEBHOOK_SECRET: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /** Replies to Thumbtack leads go out through this API, with this OAuth access token. */
  THUMBTACK_API_BASE: z.url().default("https://api.thumbtack.com"),
  THUMBTACK_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  /**
   * Thumbtack's OAuth client and the business's refresh token (all three or none): the access
   * token for replies is renewed through THUMBTACK_TOKEN_URL as it expires. Set, they are used
   * instead of THUMBTACK_ACCESS_TOKEN.
   */
  THUMBTACK_CLIENT_ID: z.string().trim().min(1).optional(),
  THUMBTACK_CLIENT_SECRET: z.string().trim().min(1).optional(),
  THUMBTACK_REFRESH_TOKEN: z.string().trim().min(1).optional(),
  THUMBTACK_TOKEN_URL: z.url().optional(),
  /**
   * Angi's lead e-mails, forwarded to `angi-<token>@ANGI_INBOUND_DOMAIN` and posted by the mail
   * service's inbound parse to /api/webhooks/angi with this password (HTTP Basic).
   */
  ANGI_INBOUND_SECRET: z.string().trim().min(16, "must be at least 16 characters").optional(),
  ANGI_INBOUND_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a mail domain, like leads.example.com")
    .optional(),
  /** Stripe's API at another address: a local fake for tests, never set in production. */
  STRIPE_API_BASE: z.url().optional(),
  /** Twilio's API at another address: a local fake for tests, never set in production. */
  TWILIO_API_BASE: z.url().optional(),
});

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  BACKUP_DIR: string;
  FILES_DIR: string;
  DEMO_DATA: "on" | "off";
};

/** Reads and validates configuration once; a bad value names the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.PASSWORD_HASH_COST === "test" && env.NODE_ENV !== "test") {
    throw new EnvError(
      'Invalid configuration:\n  PASSWORD_HASH_COST: "test" is only allowed with NODE_ENV=test',
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new EnvError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both for the pay link, or neither",
    );
  }
  allOrNone(
    env,
    ["GOOGLE_ADS_DEVELOPER_TOKEN", "GOOGLE_ADS_CLIENT_ID", "GOOGLE_ADS_CLIENT_SECRET"],
    "Google Local Services",
  );
  allOrNone(
    env,
    ["THUMBTACK_CLIENT_ID", "THUMBTACK_CLIENT_SECRET", "THUMBTACK_REFRESH_TOKEN"],
    "Thumbtack replies",
  );
  if (env.TIN_ENCRYPTION_KEY_PREVIOUS?.length && !env.TIN_ENCRYPTION_KEY) {
    throw new EnvError(
      "Invalid configuration:\n  TIN_ENCRYPTION_KEY_PREVIOUS: set TIN_ENCRYPTION_KEY (the new key) too",
    );
  }
  const production = Boolean(env.DATABASE_URL) || cleaned.NODE_ENV === "production";
  return {
    ...env,
    DEMO_DATA: env.DEMO_DATA ?? (production ? "off" : "on"),
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    BACKUP_DIR: env.BACKUP_DIR ?? `${env.DATA_DIR.replace(/\/+$/, "")}-backups`,
    // PGlite owns DATA_DIR itself (its initdb wants it empty): the files sit beside it.
    FILES_DIR:
      env.FILES_DIR ??
      (env.DATA_DIR.startsWith("memory://")
        ? "./data-files"
        : `${env.DATA_DIR.replace(/\/+$/, "")}-files`),
  };
}

/** Variables that only work together: all three set, or none. */
function allOrNone(
  env: z.infer<typeof envSchema>,
  names: readonly (keyof z.infer<typeof envSchema>)[],
  purpose: string,
): void {
  const set = names.map((name) => Boolean(env[name]));
  if (set.some(Boolean) && !set.every(Boolean)) {
    throw new EnvError(
      `Invalid configuration:\n  ${names.join(", ")}: set all three for ${purpose}, or none`,
    );
  }
}

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * LOG_LEVEL alone, for the logger, which exists before the rest of the configuration is
 * checked (and reports what is wrong with it): a bad value reads as the default here.
 */
export function readLogLevel(
  source: Record<string, string | undefined> = process.env,
): z.infer<typeof logLevel> {
  return logLevel.catch("info").parse(source.LOG_LEVEL || undefined);
}

/**
 * How log lines are written, read like LOG_LEVEL (before the rest is checked): LOG_FORMAT
 * when valid, else readable lines for a person at a terminal and JSON lines for everything
 * else (a file, a pipe, a log collector).
 */
export function readLogFormat(
  source: Record<string, string | undefined> = process.env,
  terminal = Boolean(process.stdout.isTTY),
): z.infer<typeof logFormat> {
  return logFormat.catch(terminal ? "pretty" : "json").parse(source.LOG_FORMAT || undefined);
}

/** Colours in readable lines: at a terminal, unless NO_COLOR (no-color.org) says not. */
export function readLogColors(
  source: Record<string, string | undefined> = process.env,
  terminal = Boolean(process.stdout.isTTY),
): boolean {
  return terminal && !source.NO_COLOR;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
