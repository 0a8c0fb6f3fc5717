import crypto from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  /** Send HSTS: only when the site is served over HTTPS. */
  https: boolean;
  /** Vite's dev server injects inline scripts without a nonce. */
  development: boolean;
}

/**
 * Headers on every response, with a fresh nonce per request for the only inline scripts
 * we allow (React Router's hydration data). The nonce is kept in res.locals.cspNonce.
 */
export function securityHeaders({ https, development }: SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        // React sets style attributes (e.g. the fade-in stagger); no inline <style> is ours.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self'${development ? " ws: wss:" : ""}`,
        "frame-src https://www.openstreetmap.org",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
