import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { RULE } from "~/lib/ui-text";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { account, session, user } from "../db/auth-tables.server";
import { verifyPassword } from "./password.server";
import {
  createUserWithPassword,
  listSessions,
  listTeam,
  removeUser,
  resetPassword,
  revokeSession,
  setRole,
  approveMember,
} from "./users.server";

/** Sessions unused for 12 hours are over (SESSION_IDLE_HOURS' default). */
const IDLE = 12 * 3600;

describeEachDatabase("team accounts", (t) => {
  const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

  async function addSession(userId: string) {
    const id = crypto.randomUUID();
    await t.handle.db.insert(session).values({
      id,
      userId,
      token: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return id;
  }

  async function roleOf(userId: string) {
    const [row] = await t.handle.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, userId));
    return row?.role;
  }

  // The hash's cost (OWASP's scrypt parameters) is password.server.test.ts's: here the suite's
  // cheap one, so its accounts are made in seconds, not minutes.
  it("creates an account whose password verifies, stored as an scrypt hash", async () => {
    const { id } = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("a"),
      name: "A",
      password: "Secret123",
      role: "admin",
    });
    const [credential] = await t.handle.db.select().from(account).where(eq(account.userId, id));
    expect(credential?.password).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(await verifyPassword({ hash: credential!.password!, password: "Secret123" })).toBe(true);
    expect(await verifyPassword({ hash: credential!.password!, password: "Secret124" })).toBe(
      false,
    );
  });

  it("never demotes or removes the last owner, and leaves the role as it was", async () => {
    // A fresh database per suite: this owner is the only one.
    const owners = (await listTeam(t.handle.db, IDLE)).filter((member) => member.role === "owner");
    for (const owner of owners) await removeUser(t.handle.db, owner.id, TEST_ACTOR).catch(() => {});
    const remaining = (await listTeam(t.handle.db, IDLE)).filter(
      (member) => member.role === "owner",
    );
    const onlyOwner =
      remaining[0] ??
      (await createUserWithPassword(t.handle.db, {
        email: uniqueEmail("owner"),
        name: "O",
        password: "Secret123",
        role: "owner",
      }));
    expect(
      (await listTeam(t.handle.db, IDLE)).filter((member) => member.role === "owner"),
    ).toHaveLength(1);
    await expect(setRole(t.handle.db, onlyOwner.id, "admin", TEST_ACTOR)).rejects.toThrow(
      RULE.lastOwner,
    );
    await expect(setRole(t.handle.db, onlyOwner.id, "pending", TEST_ACTOR)).rejects.toThrow(
      RULE.lastOwner,
    );
    await expect(removeUser(t.handle.db, onlyOwner.id, TEST_ACTOR)).rejects.toThrow(RULE.lastOwner);
    expect(await roleOf(onlyOwner.id)).toBe("owner");

    // With a second owner, either may step down.
    const second = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("owner2"),
      name: "O2",
      password: "Secret123",
      role: "owner",
    });
    await setRole(t.handle.db, onlyOwner.id, "admin", TEST_ACTOR);
    expect(await roleOf(onlyOwner.id)).toBe("admin");
    await expect(setRole(t.handle.db, second.id, "admin", TEST_ACTOR)).rejects.toThrow(
      RULE.lastOwner,
    );
  });

  it("approves a pending account", async () => {
    const { id } = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("new"),
      name: "N",
      password: "Secret123",
      role: "pending",
    });
    const team = await listTeam(t.handle.db, IDLE);
    expect(team[0]?.role).toBe("pending"); // pending accounts are listed first
    await approveMember(t.handle.db, id, TEST_ACTOR);
    expect(await roleOf(id)).toBe("admin");
  });

  it("approves only a pending account: never demotes an owner or touches an admin", async () => {
    const owner = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("own"),
      name: "O",
      password: "Secret123",
      role: "owner",
    });
    await expect(approveMember(t.handle.db, owner.id, TEST_ACTOR)).rejects.toThrow(RULE.notPending);
    expect(await roleOf(owner.id)).toBe("owner");
    await expect(approveMember(t.handle.db, crypto.randomUUID(), TEST_ACTOR)).rejects.toThrow(
      RULE.accountGone,
    );
  });

  it("revoking access ends every session of that account at once", async () => {
    const { id } = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("rev"),
      name: "R",
      password: "Secret123",
      role: "admin",
    });
    await addSession(id);
    await addSession(id);
    expect(await listSessions(t.handle.db, id, IDLE)).toHaveLength(2);
    await setRole(t.handle.db, id, "pending", TEST_ACTOR);
    expect(await listSessions(t.handle.db, id, IDLE)).toHaveLength(0);
    expect(await roleOf(id)).toBe("pending");
  });

  it("removing an account deletes its sessions and password", async () => {
    const { id } = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("del"),
      name: "D",
      password: "Secret123",
      role: "admin",
    });
    await addSession(id);
    await removeUser(t.handle.db, id, TEST_ACTOR);
    expect(await t.handle.db.select().from(account).where(eq(account.userId, id))).toHaveLength(0);
    expect(await t.handle.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
  });

  it("a user can end only their own sessions", async () => {
    const a = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("a"),
      name: "A",
      password: "Secret123",
      role: "admin",
    });
    const b = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("b"),
      name: "B",
      password: "Secret123",
      role: "admin",
    });
    const bSession = await addSession(b.id);
    expect(await revokeSession(t.handle.db, a.id, bSession)).toBe(false);
    expect(await listSessions(t.handle.db, b.id, IDLE)).toHaveLength(1);
    expect(await revokeSession(t.handle.db, b.id, bSession)).toBe(true);
    expect(await listSessions(t.handle.db, b.id, IDLE)).toHaveLength(0);
  });

  it("resetting a password replaces it and ends the sessions", async () => {
    const { id } = await createUserWithPassword(t.handle.db, {
      email: uniqueEmail("reset"),
      name: "R",
      password: "Secret123",
      role: "admin",
    });
    await addSession(id);
    await resetPassword(t.handle.db, id, "Another456");
    const [credential] = await t.handle.db.select().from(account).where(eq(account.userId, id));
    expect(await verifyPassword({ hash: credential!.password!, password: "Another456" })).toBe(
      true,
    );
    expect(await listSessions(t.handle.db, id, IDLE)).toHaveLength(0);
  });
});
