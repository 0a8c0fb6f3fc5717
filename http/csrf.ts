import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Twilio and Stripe sign their webhooks; they come from their servers with no Origin.
const EXEMPT_PREFIXES = ["/api/webhooks/"];

/**
 * A state-changing request must come from one of our own pages: its Origin (or, when a
 * browser sends none, its Referer) must be the site's origin or the host it was sent to.
 */
export function sameOriginWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (
      SAFE_METHODS.has(req.method) ||
      EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))
    ) {
      return next();
    }
    const claimed = req.get("origin") ?? originOf(req.get("referer"));
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (claimed && claimed !== "null" && (claimed === siteOrigin || claimed === ownOrigin))
      return next();
    res.status(403).type("text/plain").send("Forbidden: cross-site request refused.");
  };
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
