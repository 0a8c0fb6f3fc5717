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

  it("mails a one-hour link to an account's address; the link opens the reset page's account", async () => {
    const email = await member();
    const answer = await mailPasswordReset(
      t.handle.db,
      env(),
      mailerFor(env())!,
      email,
      randomIp(),
    );
    expect(answer).toEqual({ retryAfter: null });
    const mail = await smtp.next(email);
    expect(mail.subject).toBe("Reset your Lockline Test password");
    expect(mail.text).toContain("within 1 hour");
    const link = mail.text.match(/https:\/\/lockline\.example\/auth\/reset\/([A-Za-z0-9_-]{43})/);
    expect(link, mail.text).not.toBeNull();
    expect(await findResetLink(t.handle.db, link![1]!)).toMatchObject({ email });
  });

  it("answers an unknown address the same way, and mails no one", async () => {
    const email = uniqueEmail("nobody");
    const answer = await mailPasswordReset(
      t.handle.db,
      env(),
      mailerFor(env())!,
      email,
      randomIp(),
    );
    expect(answer).toEqual({ retryAfter: null });
    await expect(smtp.next(email, 1500)).rejects.toThrow(/no mail/);
  });

  it("mails an address at most 3 times an hour, answering the same; an IP is told to wait after 5", async () => {
    const email = await member();
    const send = mailerFor(env())!;
    for (let i = 0; i < FORGOT_LIMITS.perEmail.max + 1; i++) {
      expect(await mailPasswordReset(t.handle.db, env(), send, email, randomIp())).toEqual({
        retryAfter: null,
      });
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
