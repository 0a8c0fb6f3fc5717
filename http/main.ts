import http from "node:http";
import path from "node:path";
import express from "express";
import { EnvError, getEnv } from "~/server/env.server";
import type { PageCache } from "./page-cache";
import { compressResponses } from "./compression";
import { answerFromPageCache, requestIdFor } from "./page-cache-middleware";
import { securityHeaders } from "./security-headers";
import { shutDownOnSignals, type AppLifecycle } from "./shutdown";
import { serveStaticFiles } from "./static-files";
import { trustProxySetting } from "./trust-proxy";
import { logger, withRequestId } from "~/server/logger.server";
import { accessLog, redactLinkTokensWith } from "./access-log";

/**
 * The HTTP entry: compression, static assets with long-lived caching, then the app
 * (bundled by React Router in production, loaded through Vite in development).
 */
let env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    logger.fatal(error.message);
    process.exit(1);
  }
  throw error;
}

const development = env.NODE_ENV === "development";
const server = express();
server.disable("x-powered-by");
// Only a configured proxy may tell us the client IP; otherwise it is the socket's.
server.set("trust proxy", trustProxySetting(env.TRUSTED_PROXY));
server.use((req, res, next) => {
  res.locals.clientIp = req.ip ?? req.socket.remoteAddress ?? "";
  // The id the listener below gave the request.
  const requestId = requestIdFor(req.get("X-Request-Id"));
  res.setHeader("X-Request-Id", requestId);
  withRequestId(requestId, next);
});
server.use(compressResponses());
server.use(securityHeaders({ https: env.SITE_URL.startsWith("https://"), development }));

let lifecycle: AppLifecycle | undefined;
let pageCache: PageCache | undefined;

try {
  if (development) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(devServer.middlewares);
    server.use(async (req, res, next) => {
      try {
        const source = (await devServer.ssrLoadModule("./http/app.ts")) as typeof import("./app");
        redactLinkTokensWith(source.routePaths);
        source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const client = path.resolve("build/client");
    serveStaticFiles(server, client);
    const buildPath = path.resolve("build/server/index.js");
    const built = (await import(buildPath)) as typeof import("./app");
    server.use(built.app);
    redactLinkTokensWith(built.routePaths);
    pageCache = built.pageCache;
    lifecycle = built.lifecycle;
  }
} catch (error) {
  logger.fatal({ err: error }, "Could not start");
  process.exit(1);
}

// A cached public page is bytes in memory: it is answered before Express and its
// middleware run (http/page-cache-middleware.ts), everything else goes through them.
// Each request's id is decided here, once, and each gets one access log line (pino-http).
const logRequest = accessLog();
const listener = http.createServer((req, res) => {
  logRequest(req, res);
  if (pageCache && answerFromPageCache(pageCache, req, res)) return;
  server(req, res);
});
listener.listen(env.PORT, () => {
  logger.info(
    `Serving ${env.SITE_URL} on port ${env.PORT} (${development ? "development" : "production"})`,
  );
});

shutDownOnSignals(listener, () => lifecycle);
