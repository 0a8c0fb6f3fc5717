import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  acceptedJob,
  approveWithTextedCode,
  fillCompletion,
  quoteOnJobPage,
} from "./support/dispatch-helpers";
import { deadButtons } from "./support/dead-buttons";

/*
 * No dead taps on the pages behind a token (issue 48): the locksmith's job page (`/j/`) and
 * the customer's page (`/t/`) are opened from a text on a phone, often on a slow network, and
 * a tap before hydration must work. At each step of a job, neither page renders a button
 * only script can make work (outside a form, or type="button" not hidden or disabled).
 */

// The customer's page link reaches only the customer's phone (issue 44).
test.use({ texting: true });

async function expectNoDeadButtons(request: APIRequestContext, paths: string[], step: string) {
  for (const path of paths) {
    const answer = await request.get(path);
    expect(answer.status(), `${step}: ${path}`).toBe(200);
    expect(deadButtons(await answer.text()), `${step}: ${path}`).toEqual([]);
  }
}

test("the job page and the customer's page render no dead button at any step of a job", async ({
  browser,
  owner,
  phones,
  request,
}) => {
  test.slow();
  const { job, jobPath, customerPath } = await acceptedJob(browser, owner, phones);
  const pages = [jobPath, customerPath];
  await expectNoDeadButtons(request, pages, "accepted");

  await job.getByLabel("Minutes until you arrive").fill("20");
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(job.getByRole("button", { name: "I have arrived" })).toBeVisible();
  await expectNoDeadButtons(request, pages, "on the way");

  await job.getByRole("button", { name: "I have arrived" }).click();
  await quoteOnJobPage(job, "185");
  await expectNoDeadButtons(request, pages, "quote waiting on the customer");

  await approveWithTextedCode(job, phones);
  await expectNoDeadButtons(request, pages, "quote approved");
  await fillCompletion(job, "185", { method: "Pay link", holder: "The business" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  await expectNoDeadButtons(request, pages, "completed, paid by link");
});
