/**
 * Team accounts from the command line:
 *   npm run user -- create-owner --email E --name N [--password P]
 *   npm run user -- reset-password --email E [--password P]
 *   npm run user -- list
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: one
 * process at a time may open it). Without --password, a one-time link (24 hours) to choose
 * the password is printed: a password made up here would stay the account's for good
 * (ASVS 6.4.1). Resets end every session of the account and lift a lockout; all is logged.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { AUTH } from "~/lib/ui-text";
import { ROLE_LABELS } from "~/lib/auth/roles";
import { openDatabase } from "~/server/db/database.server";
import { getEnv } from "~/server/env.server";
import { generatePassword } from "~/server/auth/password.server";
import { newPasswordProblem } from "~/server/auth/password-policy.server";
import { idleSecondsOf } from "~/server/auth/session-limits.server";
import {
  createResetLink,
  RESET_LINK_HOURS,
  resetLinkUrl,
} from "~/server/auth/password-reset.server";
import {
  createUserWithPassword,
  findUserByEmail,
  listTeam,
  resetPassword,
} from "~/server/auth/users.server";

const USAGE = `Usage:
  npm run user -- create-owner --email EMAIL --name NAME [--password PASSWORD]
  npm run user -- reset-password --email EMAIL [--password PASSWORD]
  npm run user -- list`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = positionals[0];
if (!command || !["create-owner", "reset-password", "list"].includes(command)) fail(USAGE);

const email =
  values.email === undefined
    ? undefined
    : z
        .email("--email must be an email address")
        .max(254, `--email: ${AUTH.emailTooLong}`)
        .safeParse(values.email.trim().toLowerCase());
if (email && !email.success) fail(email.error.issues[0]!.message);
if (values.password !== undefined) {
  const problem = newPasswordProblem(values.password);
  if (problem) fail(`--password: ${problem}`);
}

const env = getEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolSize: 1 }
    : { kind: "pglite", dataDir: env.DATA_DIR },
).catch((error: Error) => fail(error.message));

/** A one-time link to choose the password, for whoever runs this to open or pass on. */
async function printResetLink(userId: string): Promise<void> {
  const { token } = await createResetLink(database.db, userId, "owner", {
    kind: "system",
    name: "Command line",
  });
  console.log(
    `Open this link within ${RESET_LINK_HOURS.owner} hours to choose the password (it works once, and is shown only now):`,
  );
  console.log(resetLinkUrl(env.SITE_URL, token));
  console.log("Setting it ends every session of the account.");
}

try {
  await database.migrate();
  const db = database.db;
  if (command === "list") {
    const team = await listTeam(db, idleSecondsOf(env));
    if (team.length === 0) console.log("No accounts yet.");
    for (const member of team)
      console.log(`${member.email}\t${ROLE_LABELS[member.role]}\t${member.name}`);
  } else if (command === "create-owner") {
    if (!email?.success || !values.name?.trim()) fail(USAGE);
    if (values.name.trim().length > 100) fail(`--name: ${AUTH.nameTooLong}`);
    if (await findUserByEmail(db, email.data)) fail(`An account for ${email.data} already exists.`);
    // Without --password, a random one nobody sees: the link below sets the real one.
    const { id } = await createUserWithPassword(db, {
      email: email.data,
      name: values.name.trim(),
      password: values.password ?? generatePassword(),
      role: "owner",
    });
    console.log(`Created owner ${email.data}.`);
    if (!values.password) await printResetLink(id);
  } else {
    if (!email?.success) fail(USAGE);
    const user = await findUserByEmail(db, email.data);
    if (!user) fail(`No account for ${email.data}.`);
    if (values.password) {
      await resetPassword(db, user.id, values.password);
      console.log(`New password set for ${email.data}; their sessions have ended.`);
    } else {
      await printResetLink(user.id);
    }
  }
} finally {
  await database.close();
}
