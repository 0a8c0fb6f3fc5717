import { SMTPServer } from "smtp-server";

/*
 * A mail server in the test's own process: it takes every message the app sends over SMTP
 * and keeps it to read (no network, no outside service). Plain SMTP on 127.0.0.1.
 */

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The next mail to `to`, waiting up to `timeoutMs` for it. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im"));
  return (match?.[1] ?? "").replace(/\r?\n[ \t]/g, " ").trim();
}

/** A single-part text mail's body, whichever transfer encoding nodemailer chose. */
function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const encoding = header(head, "Content-Transfer-Encoding").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString();
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", ");
        mails.push({ to, subject: header(raw, "Subject"), text: bodyOf(raw) });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((mail) => mail.to === to);
        if (index >= 0) return mails.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, Math.min(left, 250));
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
