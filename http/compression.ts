import type { EventEmitter } from "node:events";
import compression from "compression";
import type { RequestHandler } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * gzip/brotli for every response (Server-Sent Events opt out with Cache-Control:
 * no-transform), plus one repair. `compression` moves 'drain' listeners added to the
 * response onto its compressor, but leaves removing them to the response, which no longer
 * holds them. React Router waits for 'drain' with `once` and removes its listener after,
 * so each wait on a large page left one behind (Node warned past ten). Removal of a 'drain'
 * listener is forwarded to the compressor too.
 */
export function compressResponses(): RequestHandler[] {
  const forwardDrainRemoval: RequestHandler = (_req, res, next) => {
    const on = res.on;
    const removeListener = res.removeListener;
    let compressor: EventEmitter | undefined;
    res.on = function (this: typeof res, event: string | symbol, listener: Listener) {
      const target = on.call(this, event, listener) as unknown;
      if (event === "drain" && target !== this) compressor = target as EventEmitter;
      return this;
    } as typeof res.on;
    res.removeListener = res.off = function (
      this: typeof res,
      event: string | symbol,
      listener: Listener,
    ) {
      if (event === "drain") compressor?.removeListener(event, listener);
      return removeListener.call(this, event, listener);
    } as typeof res.removeListener;
    next();
  };
  return [compression(), forwardDrainRemoval];
}
