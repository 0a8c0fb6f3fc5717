import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { freeSitePort } from "../../e2e/support/app-process";
import { makeSiteTemplate } from "../../e2e/support/site-server";

/*
 * The HTTP tests' global setup: the site every file's server starts from a copy of (owner,
 * fixture rows, demo business), made once per run as the browser tests' is
 * (tests/e2e/support/global-setup.ts). Each file used to build its own: 30-100 s apiece.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The site template (site-server.ts), or undefined without a production build. */
    siteTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  // Without a build the files fail with their own message (http-test.ts), not here.
  if (!fs.existsSync("build/server/index.js")) {
    project.provide("siteTemplate", undefined);
    return;
  }
  const made = await makeSiteTemplate(await freeSitePort());
  project.provide("siteTemplate", made.template);
  return made.dispose;
}
