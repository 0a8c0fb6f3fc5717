import { sitePort } from "../../../playwright.config";
import { makeSiteTemplate } from "./site-server";

/**
 * Playwright's global setup: the data every worker's server starts from a copy of (site-server.ts),
 * made on the port worker 0 takes later. Workers inherit E2E_SITE_TEMPLATE from the runner.
 */
export default async function globalSetup() {
  const template = await makeSiteTemplate(sitePort(0));
  process.env.E2E_SITE_TEMPLATE = template.template;
  return template.dispose;
}
