import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { authClient, randomIp, uniqueEmail } from "../../../tests/helpers/auth-client";
import { startSmtpCatcher, type SmtpCatcher } from "../../../tests/helpers/smtp-catcher";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { parseEnv } from "../env.server";
import { FORGOT_LIMITS, mailPasswordReset } from "./account-mail.server";
import { mailerFor } from "./mailer.server";
import { findResetLink } from "./password-reset.server";
import { createUserWithPassword } from "./users.server";

/*
 * Account mail through a real SMTP conversation with an in-process server: "Forgot
 * password?" mails a working link to an account's address, and answers an unknown address
 * the same way without mailing anyone.
 */

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

describeEachDatabase("account mail", (t) => {
  const env = () =>
    parseEnv({
      SITE_URL: "https://lockline.example",
      SMTP_URL: smtp.url,
      BUSINESS_NAME: "Lockline Test",
    });

  async function member() {
    const email = uniqueEmail("mail");
    await createUserWithPassword(t.handle.db, {
      email,
      name: "Mail Reader",
      password: "Brass-Van-42",
      role: "admin",
    });
    return email;
  }

  /** Forgot password for `email`, from a new address, through the test's SMTP server. */
  const askReset = (email: string) =>
    mailPasswordReset(t.handle.db, env(), mailerFor(env())!, email, randomIp());

  it("mails a one-hour link to an account's address; the link opens the reset page's account", async () => {
    const email = await member();
    const answer = await askReset(email);
    expect(answer.retryAfter).toBeNull();
    const mail = await smtp.next(email);
    expect(mail.subject).toBe("Reset your Lockline Test password");
    expect(mail.text).toContain("within 1 hour");
    expect(mail.text).toMatch(/This link was made on \d{1,2} \w+ \d{4} at \d\d:\d\d:\d\d UTC\./);
    const link = mail.text.match(/https:\/\/lockline\.example\/auth\/reset\/([A-Za-z0-9_-]{43})/);
    expect(link, mail.text).not.toBeNull();
    expect(await findResetLink(t.handle.db, link![1]!)).toMatchObject({ email });
  });

  it("answers an unknown address the same way, and mails no one", async () => {
    const email = uniqueEmail("nobody");
    const answer = await askReset(email);
    expect(answer.retryAfter).toBeNull();
    await answer.settled;
    await expect(smtp.next(email, 1500)).rejects.toThrow(/no mail/);
  });

  it("answers before looking the address up: the answer's work is the same for an account and none", async () => {
    const known = await member();
    const send = mailerFor(env())!;
    // A database that takes its time: the answer does not wait for the lookup or the mail.
    let queries = 0;
    const counting = new Proxy(t.handle.db, {
      get(target, key, receiver) {
        if (key === "select" || key === "transaction") queries += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    for (const email of [known, uniqueEmail("nobody")]) {
      queries = 0;
      const answer = await mailPasswordReset(counting, env(), send, email, randomIp());
      expect(queries, email).toBe(0);
      await answer.settled;
    }
    await smtp.next(known);
  });

  it("two asks in a row: mailed in order, each saying when it was made, and only the newest link works", async () => {
    const email = await member();
    const send = mailerFor(env())!;
    const first = await mailPasswordReset(t.handle.db, env(), send, email, randomIp());
    const second = await mailPasswordReset(t.handle.db, env(), send, email, randomIp());
    await Promise.all([first.settled, second.settled]);
    const links = [await smtp.next(email), await smtp.next(email)].map(
      (mail) => mail.text.match(/\/auth\/reset\/([A-Za-z0-9_-]{43})/)![1]!,
    );
    expect(await findResetLink(t.handle.db, links[0]!)).toBeNull();
    expect(await findResetLink(t.handle.db, links[1]!)).toMatchObject({ email });
  });

  it("mails an address at most 3 times an hour, answering the same; an IP is told to wait after 5", async () => {
    const email = await member();
    const send = mailerFor(env())!;
    for (let i = 0; i < FORGOT_LIMITS.perEmail.max + 1; i++) {
      const answer = await mailPasswordReset(t.handle.db, env(), send, email, randomIp());
      expect(answer.retryAfter).toBeNull();
      await answer.settled;
    }
    for (let i = 0; i < FORGOT_LIMITS.perEmail.max; i++) await smtp.next(email);
    await expect(smtp.next(email, 1500)).rejects.toThrow(/no mail/);

    const ip = `10.99.${crypto.randomInt(256)}.1`;
    for (let i = 0; i < FORGOT_LIMITS.perIp.max; i++) {
      await mailPasswordReset(t.handle.db, env(), send, uniqueEmail("x"), ip);
    }
    const limited = await mailPasswordReset(t.handle.db, env(), send, uniqueEmail("x"), ip);
    expect(limited.retryAfter).toBeGreaterThan(0);
  });

  it("a sign-up with a taken address tells its holder by mail (the answer is the same as for a new one)", async () => {
    const email = await member();
    const api = authClient(t.handle.db, {
      SMTP_URL: smtp.url,
      SITE_URL: "https://lockline.example",
    });
    const response = await api.post("/sign-up/email", {
      name: "Someone Else",
      email,
      password: "Copper-Owl-73",
    });
    expect(response.status).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toContain("tried to sign up");
    expect(mail.text).toContain("https://lockline.example/auth/forgot");
  });
});
