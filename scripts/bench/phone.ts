/**
 * The phone the back office's benchmarks load pages as: Lighthouse's mobile device (its
 * screen and its user agent, "moto g power"), so a real-throttling run and a Lighthouse run
 * get the same HTML. The user agent matters: Chromium then sends `Sec-CH-UA-Mobile: ?1`, and
 * a list sends a phone its cards alone (app/lib/admin/phone-request.ts), as a real phone gets.
 */
import { screenEmulationMetrics, userAgents } from "lighthouse/core/config/constants.js";

export const PHONE = {
  viewport: {
    width: screenEmulationMetrics.mobile.width,
    height: screenEmulationMetrics.mobile.height,
  },
  userAgent: userAgents.mobile,
  isMobile: true,
  hasTouch: true,
};
