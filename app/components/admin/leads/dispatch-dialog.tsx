import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { CopyText } from "~/components/admin/copy-text";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { SelectField, TextareaField } from "~/components/ui/form-fields";
import { dispatchTextNote, type DispatchResult } from "~/lib/dispatch/dispatch-result";
import type { LeadHolder } from "~/lib/dispatch/holder";
import {
  coverageNote,
  firstChoice,
  leadMissNote,
  type LeadRanking,
  type RankedLocksmith,
} from "~/lib/dispatch/ranking";
import { sendAnywayQuestion } from "~/lib/compliance/lapse";
import { randomId } from "~/lib/ids";
import { licenseToday } from "~/lib/locksmiths/license";
import { leadDispatchSchema, leadReassignSchema } from "~/lib/schemas/leads";

/** The lead a dispatch is for, and who has it now (Reassign) or nobody (Dispatch). */
export interface DispatchTarget {
  id: string;
  displayName: string;
  zip: string | null;
  holder: LeadHolder | null;
}

interface DispatchDialogProps extends DialogOpenProps {
  lead: DispatchTarget;
  /** The lead's ranked locksmiths, where the page has them; else read when the dialog opens. */
  ranking?: LeadRanking;
  /** Said first, where the dialog follows another step ("Lead added."). */
  leadIn?: string;
}

/**
 * Dispatch in one step: choose the locksmith (ranked: decision 0029; the best one ready now
 * is chosen for you, and each says why), and one
 * submit offers them the lead by text (a code and their job page), or assigns it at once
 * when they said yes on the phone. While someone has the lead, the same dialog is Reassign:
 * it says who has it and how far along, and asks why it moves (they are told they are off
 * the job). Then the dialog shows the text to send the locksmith, with Copy.
 */
export function DispatchDialog({ open, onOpenChange, lead, ranking, leadIn }: DispatchDialogProps) {
  const loaded = useLeadRanking(lead.id, ranking);
  const [sent, setSent] = useState<DispatchResult | undefined>();
  // Once sent, the title says what was done: the page has reloaded, and the lead's holder
  // is now the locksmith just sent.
  const reassigning = lead.holder !== null;
  const verb = sent?.reassigned
    ? "Reassigned"
    : sent?.textStatus === "phone"
      ? "Assigned"
      : "Dispatched";
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        sent
          ? `${verb} to ${sent.locksmithName}`
          : reassigning
            ? "Reassign the lead"
            : "Dispatch a locksmith"
      }
      description={
        sent
          ? dispatchTextNote(sent)
          : reassigning
            ? `${lead.holder!.description}. They are taken off the job and told so; the locksmith you choose is offered it.`
            : `${leadIn ? `${leadIn} ` : ""}For the lead from ${lead.displayName}${lead.zip ? ` in ${lead.zip}` : ""}: offers it to the locksmith by text, with a dispatch code, and makes it In Progress.`
      }
    >
      {sent ? (
        <>
          <CopyText label="Text for the locksmith" text={sent.text} />
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </DialogFooter>
        </>
      ) : loaded ? (
        <DispatchForm
          lead={lead}
          ranking={loaded}
          onSent={setSent}
          onCancel={() => onOpenChange(false)}
        />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Ranking the locksmiths…
        </p>
      )}
    </FormDialog>
  );
}

/** The ranking the page gave, or the one read from the server once the dialog opens. */
function useLeadRanking(leadId: string, given: LeadRanking | undefined) {
  const { load, data } = useFetcher<LeadRanking>();
  useEffect(() => {
    if (!given) void load(`/admin/leads/${leadId}/ranking`);
  }, [given, leadId, load]);
  return given ?? data;
}

/** What the select's hint says of the lead's ZIP and who is ready. */
function rankingHint(ranking: LeadRanking, ready: number): string {
  const readyNow = `${ready} ready now`;
  if (!ranking.zip) return `The lead has no ZIP: ranked by who is on call and free; ${readyNow}.`;
  const note = coverageNote(ranking);
  if (note) return `${note}. Nearest first; ${readyNow}.`;
  const covering = ranking.ranked.filter((row) => row.covers).length;
  return `${covering} active locksmith${covering === 1 ? "" : "s"} cover ${ranking.zip}; ${readyNow}.`;
}

function DispatchForm({
  lead,
  ranking,
  onSent,
  onCancel,
}: {
  lead: DispatchTarget;
  ranking: LeadRanking;
  onSent: (result: DispatchResult) => void;
  onCancel: () => void;
}) {
  const holder = lead.holder;
  // One token per opening: a double click is one dispatch.
  const requestId = useMemo(randomId, []);
  // Reassign offers everyone but the one who has it.
  const choices = useMemo(
    () => ranking.ranked.filter((locksmith) => locksmith.id !== holder?.locksmithId),
    [ranking, holder],
  );
  const ready = choices.filter((locksmith) => locksmith.eligible);
  const others = choices.filter((locksmith) => !locksmith.eligible);
  const misses = new Map(ranking.misses?.map((miss) => [miss.locksmithId, leadMissNote(miss)]));
  const dialog = useDialogForm({
    id: `dispatch-${lead.id}`,
    schema: holder ? leadReassignSchema : leadDispatchSchema,
    // Never someone who already declined or ignored this lead (issue 46).
    defaultValue: { locksmithId: firstChoice(ready, ranking.misses) },
    onSaved: () => {
      const result = dialog.fetcher.data?.data as DispatchResult | undefined;
      if (result) onSent(result);
    },
  });
  const whyOf = (locksmith: RankedLocksmith) =>
    [locksmith.why, misses.get(locksmith.id)].filter(Boolean).join(" · ");
  const option = (locksmith: RankedLocksmith) => (
    <option key={locksmith.id} value={locksmith.id}>
      {`${locksmith.name} — ${whyOf(locksmith)}`}
    </option>
  );
  // A phone's closed select cuts its option short: the chosen one's reasons, in full, below.
  const chosenId = dialog.fields.locksmithId.value;
  const chosen = choices.find((locksmith) => locksmith.id === chosenId);
  return (
    <DialogForm
      dialog={dialog}
      intent={holder ? "reassign" : "dispatch"}
      hidden={{
        leadId: lead.id,
        requestId,
        ...(holder ? { fromAssignmentId: holder.assignmentId } : {}),
      }}
      submitLabel={holder ? "Reassign" : "Dispatch"}
      pendingLabel={holder ? "Reassigning..." : "Dispatching..."}
      onCancel={onCancel}
    >
      <SelectField
        meta={dialog.fields.locksmithId}
        label={holder ? "Give it to" : "Locksmith"}
        hint={rankingHint(ranking, ready.length)}
      >
        <option value="">Choose a locksmith</option>
        {ready.length > 0 && <optgroup label="Ready now">{ready.map(option)}</optgroup>}
        {others.length > 0 && (
          <optgroup
            label={ranking.zip ? `Not ready now, or not near ${ranking.zip}` : "Not ready now"}
          >
            {others.map(option)}
          </optgroup>
        )}
      </SelectField>
      {chosen && (
        <p className="-mt-2 text-sm break-words" aria-live="polite">
          <span className="font-medium">{chosen.name}:</span> {whyOf(chosen)}
        </p>
      )}
      {chosen && chosen.lapses.length > 0 && (
        <LapsedConfirm
          key={chosen.id}
          question={sendAnywayQuestion(chosen.lapses, licenseToday())}
          errors={dialog.fields.confirmLapsed.errors}
          errorId={dialog.fields.confirmLapsed.errorId}
        />
      )}
      {holder && (
        <TextareaField
          meta={dialog.fields.reason}
          label="Why it moves"
          hint="Kept on the lead's timeline."
          rows={2}
        />
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="by" value="phone" className="mt-0.5 size-4 accent-brand-700" />
        <span>
          They said yes on the phone: assign it to them now, without texting them the offer
        </span>
      </label>
    </DialogForm>
  );
}

/**
 * The office's answer to a lapsed license or insurance (decision 0064): the server refuses
 * the send until this is ticked.
 */
function LapsedConfirm({
  question,
  errors,
  errorId,
}: {
  question: string;
  errors: string[] | undefined;
  errorId: string;
}) {
  return (
    <div className="-mt-1 grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <label className="flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="confirmLapsed"
          value="yes"
          className="mt-0.5 size-4 accent-brand-700"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
        />
        <span>{question}</span>
      </label>
      {errors && (
        <p id={errorId} className="text-sm text-red-700">
          Tick it to send them anyway: automatic offers leave them out.
        </p>
      )}
    </div>
  );
}

/** The button that opens the dispatch dialog: Dispatch, or Reassign while someone has it. */
