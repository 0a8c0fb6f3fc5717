import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { isBackOfficePath } from "~/lib/site/site-paths";
import { SPECULATION_RULES } from "~/lib/site/speculation-rules";

export interface SecurityOptions {
  /** Send HSTS: only when the site is served over HTTPS. */
  https: boolean;
  /** Vite's dev server injects inline scripts without a nonce. */
  development: boolean;
}

/** The SHA-256 source expression of an inline script's exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function contentSecurityPolicy(scriptSrc: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // The inlined stylesheet and the fade-in stagger's style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "frame-src https://www.openstreetmap.org",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Headers on every response. The CSP has two forms (docs/decisions/0018): public pages are
 * the same bytes for everyone, so theirs names the hash of their one inline script (the
 * Speculation Rules) and loads the rest from 'self'; a back-office page gets a fresh nonce
 * for React Router's inline scripts, kept in res.locals.cspNonce.
 */
export function securityHeaders({ https, development }: SecurityOptions): RequestHandler {
  const publicPolicy = contentSecurityPolicy(
    development ? "'self' 'unsafe-inline'" : `'self' ${scriptHash(SPECULATION_RULES)}`,
    development,
  );
  return (req, res, next) => {
    if (isBackOfficePath(req.path)) {
      const nonce = crypto.randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy(
          development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`,
          development,
        ),
      );
    } else {
      res.setHeader("Content-Security-Policy", publicPolicy);
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
