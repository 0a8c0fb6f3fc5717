import type { Db } from "../db/database.server";
import { generatePassword } from "../auth/password.server";
import { countUsers, createUserWithPassword } from "../auth/users.server";

export const DEMO_OWNER_EMAIL = "owner@example.com";

/** With demo data on, an empty user table gets an owner whose password is returned once. */
export async function ensureDemoOwner(db: Db): Promise<{ email: string; password: string } | null> {
  if ((await countUsers(db)) > 0) return null;
  const password = generatePassword();
  await createUserWithPassword(db, {
    email: DEMO_OWNER_EMAIL,
    name: "Demo Owner",
    password,
    role: "owner",
  });
  return { email: DEMO_OWNER_EMAIL, password };
}
