/** owner: everything, including the team; admin: the back office; pending: nothing yet. */
export const ROLES = ["owner", "admin", "pending"] as const;
export type Role = (typeof ROLES)[number];

export function isApproved(role: string | null | undefined): role is "owner" | "admin" {
  return role === "owner" || role === "admin";
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  pending: "Pending approval",
};
