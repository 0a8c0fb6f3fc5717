import type { Actor } from "~/lib/activity";

/** The team member the database tests act as: the activity log names them. */
export const TEST_ACTOR: Actor = { kind: "user", id: "test-operator", name: "Test Operator" };
