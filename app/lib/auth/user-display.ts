/**
 * Initials from the email (docs/spec/back-office.md §2 Admin guard and layout): two letters of the
 * part before @.
 */
export function initialsFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const letters = local.replace(/[^a-z0-9]/gi, "");
  return (letters.slice(0, 2) || "A").toUpperCase();
}

/**
 * The display name, else the part of the email before @, else 'Admin' (docs/spec/back-office.md §2
 * Admin guard and layout).
 */
export function displayName(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Admin";
}
