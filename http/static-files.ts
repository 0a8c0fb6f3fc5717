import path from "node:path";
import type { Express } from "express";
import expressStaticGzip from "express-static-gzip";

/** A folder of the build, sent as the build compressed it: brotli first, then gzip. */
function precompressed(root: string, serveStatic: { maxAge: string; immutable: boolean }) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: { ...serveStatic, index: false },
  });
}

/**
 * The browser's files from build/client, sent as the build compressed them (brotli 11 and
 * gzip 9 beside each file, vite.config.ts): a phone downloads the smallest copy, and the
 * server does not compress the same bytes again on every request (decision 0067). A client
 * that accepts neither gets the plain file; `compression` leaves a response that already
 * has a Content-Encoding alone.
 */
export function serveStaticFiles(server: Express, client: string): void {
  // Fingerprinted assets never change; everything else may.
  server.use(
    "/assets",
    precompressed(path.join(client, "assets"), { maxAge: "1y", immutable: true }),
  );
  server.use(precompressed(client, { maxAge: "1h", immutable: false }));
}
