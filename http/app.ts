import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "~/server/route-helpers/context.server";
import { isApprovedSession } from "~/server/auth/session.server";
import { endEventStreams, getServices, stopServices } from "~/server/services.server";
import { singleton } from "~/server/singleton.server";
import { clientIpContext, nonceContext } from "~/server/route-helpers/request-context.server";
import { sameOriginWrites } from "./csrf";
import { clearedOnPublicChanges, PageCache } from "./page-cache";
import { pageCacheMiddleware } from "./page-cache-middleware";
import { guardRequests, withCheckedBody } from "./request-guard";
import { addressBudgets, routeFullPaths } from "./address-budgets";
import type { AppLifecycle } from "./shutdown";

/**
 * The part of the HTTP server that is bundled with the app (vite.config.ts), so routes and
 * this module share one database handle.
 */
export const services = await getServices();

/** Public pages as bytes (page-cache.ts), one cache per process; main.ts answers its hits. */
export const pageCache = singleton("page-cache", () =>
  clearedOnPublicChanges(new PageCache(), services.changes),
);

/**
 * For a graceful shutdown (http/shutdown.ts); main.ts reads it from the built bundle.
 * @public
 */
export const lifecycle: AppLifecycle = {
  endStreams: () => endEventStreams(services),
  stop: () => stopServices(services),
};

export const app = express();
app.disable("x-powered-by");

// The route table, for the budgets that cover every route of a kind (a new one included).
const build = await import("virtual:react-router/server-build");
/**
 * Every route's full path, for the access log's redaction of link tokens (http/main.ts reads
 * it from the loaded build, which knip cannot follow).
 * @public
 */
export const routePaths = routeFullPaths(build.routes);

// The budgets first: a refused address costs no body read and no session lookup.
app.use(addressBudgets(build.routes));
app.use(
  guardRequests({
    mayUpload: (req, res) =>
      isApprovedSession(
        services.auth,
        // The session is in its cookie; nothing else of the request is needed (or read).
        new Headers({ cookie: req.headers.cookie ?? "" }),
        String(res.locals.clientIp ?? ""),
      ),
  }),
);
app.use(sameOriginWrites(services.env.SITE_URL));
app.use(pageCacheMiddleware(pageCache));

const handleRequest = createRequestHandler({
  build: () => import("virtual:react-router/server-build"),
  getLoadContext(_req, res) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(nonceContext, String(res.locals.cspNonce ?? ""));
    context.set(clientIpContext, String(res.locals.clientIp ?? ""));
    return context;
  },
});
// Routes read the body the guard checked (it has read the original).
app.use((req, res, next) => handleRequest(withCheckedBody(req), res, next));
