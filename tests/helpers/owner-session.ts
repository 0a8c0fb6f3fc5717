import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { userContext, type ApprovedUser } from "~/server/auth/session.server";
import { createUserWithPassword } from "~/server/auth/users.server";
import { session } from "~/server/db/auth-tables.server";
import type { DatabaseHandle } from "~/server/db/database.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { AppServices } from "~/server/services.server";

/**
 * An owner signed in with a session whose password was proved `provedMinutesAgo` minutes
 * ago, and the router context a loader or action sees for them (the database, and any
 * other services the code under test reads).
 */
export async function ownerWithSession(
  handle: DatabaseHandle,
  provedMinutesAgo: number,
  { name = "Rita Recent", services = {} }: { name?: string; services?: Partial<AppServices> } = {},
): Promise<{ user: ApprovedUser; context: RouterContextProvider }> {
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { id } = await createUserWithPassword(handle.db, {
    email,
    name,
    password: "Brass-Van-42",
    role: "owner",
  });
  const sessionId = crypto.randomUUID();
  await handle.db.insert(session).values({
    id: sessionId,
    userId: id,
    token: crypto.randomUUID(),
    expiresAt: new Date(Date.now() + 86_400_000),
    authenticatedAt: sql`now() - make_interval(mins => ${provedMinutesAgo})`,
  });
  const user: ApprovedUser = {
    id,
    name,
    email,
    role: "owner",
    sessionId,
    twoFactorEnabled: false,
  };
  const context = new RouterContextProvider();
  context.set(servicesContext, { database: handle, ...services } as unknown as AppServices);
  context.set(userContext, user);
  return { user, context };
}
