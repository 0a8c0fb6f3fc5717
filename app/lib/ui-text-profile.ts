/*
 * The two messages of ui-text.ts's AUTH that Profile's forms show in the browser, kept apart
 * (AUTH uses them): importing ui-text.ts brought every message of the app, 3 kB gzip, into
 * Profile's first load (decisions 0040, 0043).
 */

/** The rule a new password must meet, under the password field. */
export const PASSWORD_HINT =
  "Password must be at least 8 characters with uppercase, lowercase, and number";

/** Why an owner who has not added two-factor sign-in is sent to Profile. */
export const TWO_FACTOR_REQUIRED =
  "An owner requires two-factor sign-in. Add an authenticator app below to go on.";
