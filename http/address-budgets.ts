import type { RequestHandler, Response } from "express";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { ServerBuild } from "react-router";
import { REQUEST } from "~/lib/ui-text-shell";
import { isPhotoPath, isUploadPath } from "./request-guard";

/*
 * Per-address budgets in memory (decisions 0032, 0059: rate-limiter-flexible's memory store),
 * before any route or database work. Each process keeps its own; what must hold across
 * processes (per link, per account) is counted in the database (db/rate-limit.server.ts).
 *
 * - Token routes: every route of the table whose path has a `:token` segment (job, review,
 *   password reset, and any added later) shares one budget per client address. A request
 *   spends 1; an answer saying the link does not exist (404/410) spends 10 more, so a script
 *   trying made-up links is refused after a dozen, at the cost of a map lookup.
 * - Password paths: every POST that hashes a password spends from a smaller budget, on top of
 *   the per-account and per-link limits kept in the database.
 * - Uploads: every form (multipart) posted to a page that takes a file (up to 10 MB each,
 *   decision 0068) or a job page (a door check's ID photo, decision 0077) spends from its own
 *   budget, checked before the body is read.
 *
 * Refused: 429 with a sentence and Retry-After (the connection closed when a body was sent).
 */

/** Requests an address may make per window (`points` per `duration` seconds). */
export const TOKEN_ROUTE_BUDGET = { points: 120, duration: 60 };
export const LINK_MISS_COST = 10;
export const PASSWORD_BUDGET = { points: 20, duration: 60 };
/** 30 files in 10 minutes: an office recording a stack of certificates, not a flood. */
export const UPLOAD_BUDGET = { points: 30, duration: 600 };

/** Where a POST hashes a password (sign-in, sign-up, reset, change, confirming who you are). */
export const PASSWORD_PATHS = [
  "/auth",
  "/auth/reset/:token",
  "/admin/profile",
  "/admin/confirm",
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/change-password",
] as const;

/** A route path → a pattern for the request paths it answers (with React Router's `.data`). */
export function pathPattern(path: string): RegExp {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return new RegExp(`^/${segments.join("/")}(?:\\.data)?/?$`);
}

/** The full path of every route of the build ("/t/:token/receipt"). */
export function routeFullPaths(routes: ServerBuild["routes"]): string[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return [...new Set(Object.keys(routes).map((id) => `/${fullPath(id)}`))];
}

/** The full path of every route of the build whose path has a `:token` segment. */
export function tokenRoutePaths(routes: ServerBuild["routes"]): string[] {
  return routeFullPaths(routes).filter((path) => path.split("/").includes(":token"));
}

export function addressBudgets(
  routes: ServerBuild["routes"],
  budgets = { token: TOKEN_ROUTE_BUDGET, password: PASSWORD_BUDGET, upload: UPLOAD_BUDGET },
): RequestHandler {
  const tokenRoutes = tokenRoutePaths(routes).map(pathPattern);
  const passwordPaths = PASSWORD_PATHS.map(pathPattern);
  const tokenBudget = new RateLimiterMemory(budgets.token);
  const passwordBudget = new RateLimiterMemory(budgets.password);
  const uploadBudget = new RateLimiterMemory(budgets.upload);
  return async (req, res, next) => {
    const address = String(res.locals.clientIp ?? "") || "unknown";
    try {
      if (tokenRoutes.some((pattern) => pattern.test(req.path))) {
        await tokenBudget.consume(address);
        res.once("finish", () => {
          if (res.statusCode === 404 || res.statusCode === 410) {
            void tokenBudget.penalty(address, LINK_MISS_COST);
          }
        });
      }
      if (req.method === "POST" && passwordPaths.some((pattern) => pattern.test(req.path))) {
        await passwordBudget.consume(address);
      }
      if (
        req.method === "POST" &&
        (isUploadPath(req.path) || isPhotoPath(req.path)) &&
        /^multipart\/form-data\b/i.test(req.headers["content-type"] ?? "")
      ) {
        await uploadBudget.consume(address);
      }
    } catch (refusal) {
      // The memory store rejects with its result (an Error only for a bad call).
      if (!(refusal instanceof RateLimiterRes)) return next(refusal);
      return refuse(res, Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
    next();
  };
}

function refuse(res: Response, seconds: number): void {
  res.status(429);
  res.setHeader("Retry-After", String(seconds));
  res.setHeader("Cache-Control", "no-store");
  // Refused before the body is read (the budgets run first): not read afterwards either.
  const req = res.req;
  if (req.headers["content-length"] || req.headers["transfer-encoding"]) {
    res.setHeader("Connection", "close");
  }
  const message = REQUEST.tooManyFromAddress(seconds);
  if (req.path.startsWith("/api/")) res.json({ code: "TOO_MANY_REQUESTS", message });
  else res.type("text/plain").send(message);
}
