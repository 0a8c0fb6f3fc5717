import { timeAgo } from "../time/relative-time";
import type { LiveState } from "./assignment-machine";

/*
 * Who has a lead, in the words the office reads before reassigning it: "Andre Davis
 * accepted 4 minutes ago, on the way, 25 min".
 */

export interface HolderFacts {
  locksmithName: string;
  state: LiveState;
  createdAt: Date | string;
  acceptedAt: Date | string | null;
  onTheWayAt: Date | string | null;
  etaMinutes: number | null;
  arrivedAt: Date | string | null;
}

export function describeHolder(holder: HolderFacts, now: Date): string {
  const name = holder.locksmithName;
  const ago = (at: Date | string | null) => timeAgo(new Date(at ?? holder.createdAt), now);
  switch (holder.state) {
    case "offered":
      return `${name} was offered it ${ago(holder.createdAt)}, no answer yet`;
    case "accepted":
      return `${name} accepted ${ago(holder.acceptedAt)}`;
    case "on_the_way":
      return `${name} accepted ${ago(holder.acceptedAt)}, on the way${
        holder.etaMinutes ? `, ${holder.etaMinutes} min` : ""
      }`;
    case "arrived":
      return `${name} arrived ${ago(holder.arrivedAt)}, on site`;
  }
}

/** Who has a lead, as the office's screens get it from the server (described there once). */
export interface LeadHolder {
  assignmentId: string;
  locksmithId: string;
  state: LiveState;
  /** describeHolder's sentence, at the time the page was loaded. */
  description: string;
}
