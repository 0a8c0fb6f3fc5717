import crypto from "node:crypto";
import type { AssignmentRow, CodeRow, DemoBusiness } from "./rows.server";

/*
 * The demo's assignments (the dispatch state machine's rows), read off its leads and jobs so
 * that the demo keeps the machine's rules: a lead in progress is offered to, or held by, its
 * locksmith; a held lead's job is theirs; a completed job was completed through its
 * locksmith's assignment; a cancelled lead's locksmith was taken off it. Derived, not drawn,
 * so the rest of a seed's demo stays as it was. Nobody holds the demo's link tokens.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A stable number in [0, 1) for a name: drawn apart from the seed's PRNG, so nothing else moves. */
export function stableFraction(name: string): number {
  return crypto.createHash("sha256").update(name).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Minutes from the request to "arrived" for a completed demo job (issue 45): about 13 in
 * Chicago and 18 in the suburbs, give or take 4, and one in fourteen held up 10 to 25 minutes
 * more, so the reports and Settings → Site promises have real figures to set beside the site.
 */
export function demoArrivalMinutes(leadId: string, zip: string | null | undefined): number {
  const base = zip?.startsWith("606") ? 13 : 18;
  const spread = Math.round((stableFraction(`arrival:${leadId}`) - 0.5) * 8);
  const late = stableFraction(`late:${leadId}`);
  return base + spread + (late < 1 / 14 ? 10 + Math.round(late * 14 * 15) : 0);
}

/** A stable UUID (v4 layout) for a name: the same demo gets the same ids. */
function stableUuid(name: string): string {
  const hex = crypto.createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function demoAssignments(
  data: Pick<DemoBusiness, "leads" | "jobs" | "dispatchCodes">,
  nowMs: number,
): AssignmentRow[] {
  const jobsByLead = new Map(
    data.jobs.filter((job) => job.leadId).map((job) => [job.leadId!, job]),
  );
  const codesByLead = new Map<string, CodeRow>();
  for (const code of data.dispatchCodes) {
    if (code.leadId && code.status !== "new") codesByLead.set(code.leadId, code);
  }
  const rows: AssignmentRow[] = [];
  for (const lead of data.leads) {
    if (!lead.assignedLocksmithId) continue;
    const job = jobsByLead.get(lead.id);
    const code = codesByLead.get(lead.id);
    const offeredAt = new Date(Math.min(lead.createdAt.getTime() + 5 * 60_000, nowMs));
    const base = {
      id: stableUuid(`assignment:${lead.id}`),
      tokenHash: crypto.createHash("sha256").update(`demo-link:${lead.id}`).digest("hex"),
      leadId: lead.id,
      locksmithId: lead.assignedLocksmithId,
      dispatchCodeId: code?.locksmithId === lead.assignedLocksmithId ? (code.id ?? null) : null,
      // An open offer of the demo still stands for a while, however old its lead.
      expiresAt: new Date(Math.max(offeredAt.getTime() + 24 * HOUR, nowMs + 12 * HOUR)),
      createdAt: offeredAt,
    };
    const acceptedAt = job?.createdAt ?? offeredAt;
    if (lead.status === "completed" && job?.status === "completed") {
      const completedAt = job.completedAt!;
      // Accepted within two minutes of the offer (the demo's job row may be written later).
      const tookAt = new Date(Math.min(acceptedAt.getTime(), offeredAt.getTime() + 2 * MINUTE));
      // On the way once accepted; arrived after that and by the time the job was done.
      const waited = demoArrivalMinutes(lead.id, lead.zip);
      const arrivedAt = new Date(
        Math.max(
          tookAt.getTime() + MINUTE,
          Math.min(lead.createdAt.getTime() + waited * MINUTE, completedAt.getTime()),
        ),
      );
      rows.push({
        ...base,
        state: "completed",
        jobId: job.id!,
        acceptedAt: tookAt,
        onTheWayAt: tookAt,
        etaMinutes: Math.max(1, waited - 5),
        arrivedAt,
        completedAt,
      });
    } else if (
      job?.status === "in_progress" &&
      lead.status !== "completed" &&
      lead.status !== "cancelled"
    ) {
      rows.push({ ...base, state: "accepted", jobId: job.id!, acceptedAt });
    } else if (lead.status === "in_progress" || lead.status === "assigned") {
      rows.push({ ...base, state: "offered" });
    } else {
      const endedAt = job?.createdAt ?? offeredAt;
      rows.push({
        ...base,
        state: "withdrawn",
        endedAt,
        endReason: lead.status === "cancelled" ? "cancelled" : "closed",
      });
    }
  }
  return rows;
}
