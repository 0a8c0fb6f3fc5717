/*
 * Links that carry a secret in their path: every route of the table with a `:token`-like
 * segment (a customer's page /t/:token and its receipt, a locksmith's /l/:token, a job page
 * /j/:token, a review form, a password reset, and any added later), and better-auth's own
 * /api/auth/reset-password/:token under its splat. Logs keep `:token` in the secret's
 * place, whatever the request's case, repeated slashes, percent-encoding or ".data"
 * (React Router's data requests), and whether or not the rest of the path matches a route.
 */

/** A secret path segment as a route names it (`:token`, `:resetToken`). */
const TOKEN_PARAM = /^:\w*token\w*$/i;
/** Better-auth's reset link: its route is the `api/auth/*` splat. */
export const EXTRA_TOKEN_PATHS = ["/api/auth/reset-password/:token"];
/**
 * A segment that looks like a secret wherever it is (a long random base64url word with both
 * cases: not a UUID, a slug or a code): redacted even where no route names it.
 */
const SECRET_LOOKING = /^(?=[^.]*[a-z])(?=[^.]*[A-Z])[A-Za-z0-9_-]{32,}(\.data)?$/;

interface TokenPrefix {
  /** The static segments before the token, lowercased. */
  before: string[];
  /** Static segments that sit where the token does (review/thanks): never redacted. */
  siblings: Set<string>;
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A path → the path as the log may keep it, for these route paths (the whole table: the
 * token routes' static siblings are read from it too).
 */
export function tokenRedactor(routePaths: readonly string[]): (path: string) => string {
  const all = [...routePaths, ...EXTRA_TOKEN_PATHS].map(segmentsOf);
  const prefixes: TokenPrefix[] = [];
  for (const segments of all) {
    const at = segments.findIndex((segment) => TOKEN_PARAM.test(segment));
    if (at < 0) continue;
    const before = segments.slice(0, at).map((segment) => segment.toLowerCase());
    if (before.some((segment) => segment.startsWith(":") || segment === "*")) continue;
    const siblings = new Set(
      all
        .filter(
          (other) =>
            other.length > at &&
            !other[at]!.startsWith(":") &&
            before.every((segment, i) => other[i]!.toLowerCase() === segment),
        )
        .map((other) => other[at]!.toLowerCase()),
    );
    prefixes.push({ before, siblings });
  }
  return (path) => {
    const parts = path.split(/(\/+)/);
    // Indexes of the non-empty segments in `parts` (separators kept as they came).
    const at = parts.flatMap((part, i) => (part && !part.startsWith("/") ? [i] : []));
    const words = at.map((i) => decoded(parts[i]!).toLowerCase());
    const redact = (index: number) => {
      const word = decoded(parts[at[index]!]!);
      parts[at[index]!] = word.toLowerCase().endsWith(".data") ? ":token.data" : ":token";
    };
    for (const { before, siblings } of prefixes) {
      const index = before.length;
      if (index >= words.length) continue;
      if (!before.every((segment, i) => words[i] === segment)) continue;
      if (siblings.has(words[index]!.replace(/\.data$/, ""))) continue;
      redact(index);
    }
    at.forEach((i, index) => {
      if (SECRET_LOOKING.test(decoded(parts[i]!))) redact(index);
    });
    return parts.join("");
  };
}
