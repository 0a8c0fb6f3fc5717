import { z } from "zod";

const userId = z.string().min(1);

/** Owner actions on the team, one schema per button. */
export const teamActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), userId }),
  z.object({
    intent: z.literal("set-role"),
    userId,
    role: z.enum(["owner", "admin"], { error: "Choose Owner or Admin" }),
  }),
  z.object({ intent: z.literal("revoke"), userId }),
  z.object({ intent: z.literal("remove"), userId }),
]);

export type TeamAction = z.infer<typeof teamActionSchema>;
