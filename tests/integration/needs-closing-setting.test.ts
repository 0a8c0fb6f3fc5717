import { expect, it } from "vitest";
import { userContext } from "~/server/auth/session.server";
import { readNeedsClosingHours } from "~/server/dispatch/needs-closing.server";
import { action } from "~/routes/admin/settings/night-watch";
import { ownerWithSession } from "../helpers/owner-session";
import { describeEachDatabase } from "../helpers/test-database";

/*
 * Settings → Night watch's "Needs closing" as the server runs it (issue 45): the owner's
 * alone; an admin's post is refused and nothing is written; out-of-range hours come back by
 * the field and nothing is written.
 */
describeEachDatabase("Settings → Night watch: needs closing", (t) => {
  function post(hours: string) {
    return new Request("https://lockline.example/admin/settings/night-watch", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "needs_closing", hours }).toString(),
    });
  }
  const run = async (hours: string, role: "owner" | "admin") => {
    const { user, context } = await ownerWithSession(t.handle, 1);
    context.set(userContext, { ...user, role });
    const args = { request: post(hours), context, params: {} };
    return action(args as unknown as Parameters<typeof action>[0]).catch(
      (thrown: unknown) => thrown,
    );
  };

  it("refuses an admin with 403 and keeps the setting", async () => {
    const answer = await run("30", "admin");
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(403);
    expect(await readNeedsClosingHours(t.handle.db)).toBe(12);
  });

  it("refuses 73 hours by the field, then saves 30 for the owner", async () => {
    const refused = (await run("73", "owner")) as { init: { status: number }; data: unknown };
    expect(refused.init.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(
      "Needs closing after: enter whole hours from 1 to 72",
    );
    expect(await readNeedsClosingHours(t.handle.db)).toBe(12);
    const saved = (await run("30", "owner")) as { init: { status?: number } | null };
    expect(saved.init?.status ?? 200).toBe(200);
    expect(await readNeedsClosingHours(t.handle.db)).toBe(30);
  });
});
