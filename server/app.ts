import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "~/server/http/context.server";
import { endEventStreams, getServices, stopServices } from "~/server/services.server";
import { clientIpContext, nonceContext } from "~/server/http/request-context.server";
import { sameOriginWrites } from "./csrf";
import { pageCacheMiddleware } from "./page-cache-middleware";
import { guardRequests, withCheckedBody } from "./request-guard";
import type { AppLifecycle } from "./shutdown";

/**
 * The part of the HTTP server that is bundled with the app (vite.config.ts), so routes and
 * this module share one database handle and one page cache.
 */
export const services = await getServices();

/**
 * For a graceful shutdown (server/shutdown.ts); main.ts reads it from the built bundle.
 * @public
 */
export const lifecycle: AppLifecycle = {
  endStreams: () => endEventStreams(services),
  stop: () => stopServices(services),
};

export const app = express();
app.disable("x-powered-by");

app.use(guardRequests());
app.use(sameOriginWrites(services.env.SITE_URL));
app.use(pageCacheMiddleware(services.pageCache));

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
