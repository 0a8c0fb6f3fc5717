import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import type { Env } from "~/server/env.server";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { handleJobPageAction } from "./job-actions.server";

const ENV = {
  BUSINESS_NAME: "Lockline",
  BUSINESS_PHONE: "+13125550147",
  SITE_URL: "https://lockline.test",
} as Env;

const post = (token: string, form: Record<string, string>) =>
  new Request(`https://lockline.test/j/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

describeEachDatabase("the job page's POST", (t) => {
  it("answers a malformed token 404 before reading anything", async () => {
    await expect(
      handleJobPageAction(post("nope", { intent: "accept" }), "nope", t.handle.db, ENV),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("answers a made-up link 404 and counts nothing against it", async () => {
    const token = "C".repeat(43);
    for (let i = 0; i < 31; i++) {
      await expect(
        handleJobPageAction(post(token, { intent: "accept" }), token, t.handle.db, ENV),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("limits taps per link: the 31st in ten minutes gets 429 with Retry-After", async () => {
    const w = dispatchWorld(() => t.handle.db);
    const lead = await w.lead({ serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, (await w.locksmith("Tap Counter")).id));
    const badTap = () =>
      handleJobPageAction(
        post(token, { intent: "on_my_way", minutes: "500" }),
        token,
        t.handle.db,
        ENV,
      );
    for (let i = 0; i < 30; i++) {
      expect(((await badTap()) as { init: ResponseInit | null }).init?.status).toBe(400);
    }
    const limited = (await badTap()) as { init: ResponseInit | null; data: { formError: string } };
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data.formError).toMatch(/Too many taps/);
  });

  it("answers bad input with the field's message and 400", async () => {
    const w = dispatchWorld(() => t.handle.db);
    const lead = await w.lead({ serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, (await w.locksmith("Typo Tapper")).id));
    const answer = (await handleJobPageAction(
      post(token, { intent: "on_my_way", minutes: "500" }),
      token,
      t.handle.db,
      ENV,
    )) as { init: ResponseInit | null; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error.minutes).toEqual([
      "Enter the minutes until you arrive, from 1 to 240",
    ]);
  });

  it("asks a second tap for an unusual price, keeping how the customer paid for it", async () => {
    const w = dispatchWorld(() => t.handle.db);
    const smith = await w.locksmith("Marcus Reed");
    const lead = await w.lead({ serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.approvedQuote(token, 185_000);
    const paid = { paymentMethod: "cash", collectedBy: "locksmith" };
    const answer = (await handleJobPageAction(
      post(token, { intent: "complete", price: "1850", ...paid }),
      token,
      t.handle.db,
      ENV,
    )) as { init: ResponseInit | null; data: { priceCheck: { cents: number }; typed: object } };
    expect(answer.init?.status).toBe(409);
    expect(answer.data.priceCheck.cents).toBe(185_000);
    // The confirming form sends these back: without them the second tap could not complete.
    expect(answer.data.typed).toMatchObject(paid);
  });

  it("puts a rule's message by its field: a final above the approved quote", async () => {
    const w = dispatchWorld(() => t.handle.db);
    const smith = await w.locksmith("Marcus Reed");
    const lead = await w.lead({ serviceType: "automotive" });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.approvedQuote(token, 18_500);
    const answer = (await handleJobPageAction(
      post(token, {
        intent: "complete",
        price: "1850",
        paymentMethod: "cash",
        collectedBy: "locksmith",
      }),
      token,
      t.handle.db,
      ENV,
    )) as { init: ResponseInit | null; data: { fieldErrors: Record<string, string> } };
    expect(answer.init?.status).toBe(409);
    expect(answer.data.fieldErrors.price).toMatch(/^The final price is above the approved quote/);
  });

  it("an emergency estimate over its area's promise (Chicago: 15 minutes) comes back with the reason's message by its field, what was typed kept; a reason over 200 characters is refused by zod", async () => {
    const w = dispatchWorld(() => t.handle.db);
    const lead = await w.lead({ serviceType: "emergency" });
    const token = w.tokenOf(await w.dispatch(lead.id, (await w.locksmith("Far Away")).id));
    await w.act(token, { intent: "accept" });
    const answer = (await handleJobPageAction(
      post(token, { intent: "on_my_way", minutes: "90", lateReason: "  " }),
      token,
      t.handle.db,
      ENV,
    )) as {
      init: ResponseInit | null;
      data: { fieldErrors: Record<string, string>; typed: Record<string, string> };
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data.fieldErrors.lateReason).toBe(
      "Emergencies in Chicago are promised within 15 minutes: say why you need 90. The office is told and may send someone nearer.",
    );
    expect(answer.data.typed.minutes).toBe("90");
    const tooLong = (await handleJobPageAction(
      post(token, { intent: "on_my_way", minutes: "90", lateReason: "x".repeat(201) }),
      token,
      t.handle.db,
      ENV,
    )) as { init: ResponseInit | null; data: { result: { error: Record<string, string[]> } } };
    expect(tooLong.init?.status).toBe(400);
    expect(tooLong.data.result.error.lateReason).toEqual(["Keep the reason to 200 characters"]);
    const sent = await handleJobPageAction(
      post(token, { intent: "on_my_way", minutes: "90", lateReason: "Crash on I-55" }),
      token,
      t.handle.db,
      ENV,
    );
    expect((sent as Response).status).toBe(303);
  });
});
