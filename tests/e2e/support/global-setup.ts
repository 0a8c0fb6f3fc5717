import { sitePort } from "../../../playwright.config";
import { makeSiteTemplate } from "./site-server";

/**
 * Playwright's global setup: the data directory every worker's server copies (site-server.ts),
 * made on the port worker 0 takes later. Workers inherit E2E_SITE_TEMPLATE from the runner.
 */
export default async function globalSetup() {
  const template = await makeSiteTemplate(sitePort(0));
  process.env.E2E_SITE_TEMPLATE = template.dataDir;
  return template.dispose;
}
