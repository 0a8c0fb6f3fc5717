/**
 * A business rule refused the change: the record is gone (404), or the change conflicts
 * with the data as it is now (409: an inactive locksmith, a code already taken, the last
 * owner), or the person must wait (429: too many attempts; 503: too many passwords being
 * hashed at this moment, with `retryAfter` seconds). The message is for the user;
 * `field` names the form field it belongs next to.
 * Route actions turn it into that status, a field or form error and an 'Error' toast
 * (app/server/route-helpers/intents.server.ts); anything else thrown is a 500 and is logged.
 */
export class RuleError extends Error {
  override name = "RuleError";
  readonly field?: string;
  readonly status: 404 | 409 | 429 | 503;
  readonly retryAfter?: number;

  constructor(
    message: string,
    options: {
      field?: string;
      notFound?: boolean;
      status?: 409 | 429 | 503;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.field = options.field;
    this.status = options.notFound ? 404 : (options.status ?? 409);
    this.retryAfter = options.retryAfter;
  }
}

/** The record asked for does not exist (any more). */
export function notFound(message: string): RuleError {
  return new RuleError(message, { notFound: true });
}
