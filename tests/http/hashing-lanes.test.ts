import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RULE } from "~/lib/ui-text";
import { freshAddress, startCountedServer, type CountedServer } from "./support/counted-server";

/*
 * Which lane a production server hashes in, read off its threads' niceness: a signed-in
 * operator's own password checks (changing it, turning on two-factor, confirming who they
 * are) run at normal priority beside sign-in; only what anyone can reach without an account
 * (a sign-up here) runs at the lowest, where a busy machine starves it (password.server.ts).
 */

/** The niceness of each thread of process `pid` (Linux: /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      // Fields after the command's closing parenthesis; niceness is field 19 of the line.
      return [Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
    } catch {
      return []; // the thread ended while we read
    }
  });
}

describe.runIf(process.platform === "linux")("the hashing lanes of a running server", () => {
  let server: CountedServer;
  const niced = () => threadNiceness(server.pid()).filter((niceness) => niceness === 19);

  beforeAll(async () => {
    server = await startCountedServer();
  }, 180_000);
  afterAll(() => server?.dispose());

  async function post(path: string, form: Record<string, string>, cookie?: string) {
    const answer = await fetch(`${server.origin()}${path}`, {
      method: "POST",
      headers: {
        origin: server.origin(),
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshAddress(),
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    return `${answer.status} ${await answer.text()}`;
  }

  test("an operator's own password checks hash at normal priority; a sign-up at the lowest", async () => {
    const wrong = "Not-My-Password-7";
    const asOwner = (path: string, form: Record<string, string>) =>
      post(path, form, server.ownerCookie);
    // Each is refused for the wrong password, after hashing it.
    const refused = expect.stringMatching(new RegExp(`^409 .*${RULE.wrongPassword}`, "s"));
    const changePassword = {
      intent: "change-password",
      currentPassword: wrong,
      newPassword: "Brand-New-Pass-93",
      confirmPassword: "Brand-New-Pass-93",
    };
    expect(await asOwner("/admin/profile", changePassword)).toEqual(refused);
    const twoFactor = { intent: "two-factor-start", password: wrong };
    expect(await asOwner("/admin/profile", twoFactor)).toEqual(refused);
    const confirm = { intent: "confirm-password", password: wrong, redirectTo: "/admin" };
    expect(await asOwner("/admin/confirm", confirm)).toEqual(refused);
    expect(niced()).toEqual([]);

    // Someone without an account: the other lane's thread, niced.
    const signUp = await post("/auth", {
      intent: "sign-up",
      name: "Lane Probe",
      email: `lane-probe-${Date.now()}@example.com`,
      password: "Lane-Probe-Pass-42",
      redirectTo: "",
    });
    expect(signUp).toMatch(/^302 /);
    expect(niced().length).toBeGreaterThan(0);
  });
});
