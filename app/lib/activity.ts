/*
 * Who can appear in the activity log, and how a timeline names them.
 */

/**
 * user: a signed-in team member; locksmith: through the job page's link; customer: the
 * website's forms and review links; webhook: a signed callback (Twilio); system: the app
 * itself (a lead following its job, an expiry, the outbox).
 */
export const ACTOR_KINDS = ["user", "locksmith", "customer", "webhook", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export interface Actor {
  kind: ActorKind;
  id?: string | null;
  name?: string | null;
}

/** How a timeline says who did it: the person's name, or what kind of actor it was. */
export function actorLabel(actor: Pick<Actor, "kind" | "name">): string {
  if (actor.name) return actor.name;
  switch (actor.kind) {
    case "user":
      return "A team member";
    case "locksmith":
      return "The locksmith";
    case "customer":
      return "The customer";
    case "webhook":
      return "The phone system";
    case "system":
      return "Lockline";
  }
}
