/** The record asked for does not exist (any more): routes answer 404 or a toast. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/**
 * A business rule refused the change (an inactive locksmith, a code already taken). The
 * message is for the user; `field` names the form field it belongs next to, if any.
 */
export class BusinessRuleError extends Error {
  override name = "BusinessRuleError";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
