import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import {
  AUTHORITY_DOCUMENT_LABELS,
  AUTHORITY_DOCUMENTS,
  ID_TYPE_LABELS,
  ID_TYPES,
  REFUSAL_REASON_MAX,
} from "~/lib/door-check/check-form";
import { OPENED_THING_LABELS, OPENED_THINGS, type OpenedThing } from "~/lib/door-check/opens";
import type { DoorCheckOutcome } from "~/lib/door-check/outcome";
import type { PoliceContact } from "~/content/police";
import { Choice, type JobActionErrors } from "./job-actions";
import { QuoteField } from "./quote-field";
import { SignaturePad } from "./signature-approval";
import { IdPhotoStep } from "./id-photo-step";

/*
 * The check of identity and authority on the locksmith's job page (issue 49, decision 0069),
 * between "arrived" and the quote: who asked, the photo ID and the document seen, a vehicle's
 * VIN and plate, and the customer's statement, on their own phone (texted their page) or on
 * this screen (typed name, a drawn signature with JavaScript). Or the refusal: the reason, and
 * the police's non-emergency number. Plain forms: it works without JavaScript.
 */

const YES_NO = [
  ["yes", "Yes"],
  ["no", "No"],
] as const;

export interface DoorCheckView {
  locked: boolean;
  outcome: DoorCheckOutcome | null;
  fixedOpened: OpenedThing | null;
  canText: boolean;
}

export function DoorCheck({
  check,
  statement,
  police,
  officePhone,
  errors,
  intent,
  idPhotoOffered = false,
}: {
  check: DoorCheckView;
  /** The statement the customer confirms, with the job's address. */
  statement: string;
  police: PoliceContact;
  officePhone: { display: string; tel: string };
  errors: JobActionErrors;
  /** Which form the last answer was about: only that one shows what was typed. */
  intent: string | null;
  /** The owner keeps redacted ID photos (decision 0077): the optional photo step. */
  idPhotoOffered?: boolean;
}) {
  const mine = intent === "door_check";
  const typed = mine ? (errors.typed ?? {}) : {};
  const field = (name: string) => (mine ? errors.fields?.[name] : undefined);
  return (
    <section
      aria-labelledby="door-check-heading"
      className="grid gap-3 rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm"
    >
      <h2 id="door-check-heading" className="text-lg font-bold">
        Check ID and the right to enter
      </h2>
      {check.outcome === "awaiting_statement" ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-950">
          Waiting for the customer to confirm the statement on their phone. Once they have,{" "}
          <a href="" className="underline">
            reload this page
          </a>{" "}
          for the quote.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Before you open anything: see a photo ID and a document that shows their right to enter.
          The quote opens once this is recorded.
          {idPhotoOffered ? "" : " No photos are taken."}
        </p>
      )}
      <Form
        method="post"
        replace
        className="grid gap-3"
        encType={idPhotoOffered ? "multipart/form-data" : undefined}
      >
        <input type="hidden" name="intent" value="door_check" />
        <DoorCheckFields fixedOpened={check.fixedOpened} typed={typed} field={field} />
        {idPhotoOffered && <IdPhotoStep error={field("idPhoto")} />}
        <Choice
          name="statementWay"
          legend="The customer's statement"
          options={[
            ...(check.canText
              ? ([["customer_link", "On their own phone: we text them their page"]] as const)
              : []),
            ["on_screen", "On this screen: hand them the phone"],
          ]}
          checked={typed.statementWay}
          error={field("statementWay")}
        />
        <fieldset className="grid gap-3 rounded-lg border border-dashed border-brand-700 p-3">
          <legend className="px-1 text-sm font-semibold">
            For the customer, when they sign on this screen
          </legend>
          <blockquote className="rounded-lg bg-slate-100 p-3">{statement}</blockquote>
          <QuoteField
            name="signerName"
            label="Your full name (the customer)"
            error={field("signerName")}
            defaultValue={typed.signerName}
            autoComplete="off"
          />
          <SignaturePad error={field("signature")} />
          <label className="flex items-start gap-3 text-base">
            <input
              type="checkbox"
              name="consent"
              className="mt-1 size-5 shrink-0"
              aria-invalid={field("consent") ? true : undefined}
              aria-describedby={field("consent") ? "door-consent-error" : undefined}
            />
            <span>
              I am the customer. I confirm the statement, and I signed or typed my name myself.
            </span>
          </label>
          {field("consent") && (
            <p id="door-consent-error" className="text-sm font-medium text-destructive">
              {field("consent")}
            </p>
          )}
        </fieldset>
        <Button type="submit" size="lg" className="w-full">
          Record the check
        </Button>
      </Form>
      <DoorRefusal
        police={police}
        officePhone={officePhone}
        error={intent === "door_refusal" ? errors.fields?.reason : undefined}
        typed={intent === "door_refusal" ? errors.typed?.reason : undefined}
      />
    </section>
  );
}

/**
 * The check's own fields, shared by the locksmith's form and the office's (a check read out by
 * phone, decision 0075): who asked, what is opened, the photo ID, the document of authority, a
 * vehicle's VIN and plate. The statement is each form's own.
 */
export function DoorCheckFields({
  fixedOpened,
  typed,
  field,
}: {
  fixedOpened: OpenedThing | null;
  /** What was typed, when the form was refused. */
  typed: Record<string, string>;
  /** The server's message for a field, if any. */
  field: (name: string) => string | undefined;
}) {
  return (
    <>
      <QuoteField
        name="askedBy"
        label="Who asked for the opening (full name)"
        error={field("askedBy")}
        defaultValue={typed.askedBy}
        autoComplete="off"
        required
      />
      {fixedOpened ? (
        <input type="hidden" name="opened" value={fixedOpened} />
      ) : (
        <Choice
          name="opened"
          legend="What is being opened"
          options={OPENED_THINGS.map((thing) => [thing, OPENED_THING_LABELS[thing]])}
          checked={typed.opened}
          error={field("opened")}
        />
      )}
      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">Photo ID seen</legend>
        <SelectField
          name="idType"
          label="Kind of ID"
          options={ID_TYPES.map((type) => [type, ID_TYPE_LABELS[type]])}
          value={typed.idType}
          error={field("idType")}
        />
        <QuoteField
          name="idLast4"
          label="Last 4 letters or digits of the ID number"
          error={field("idLast4")}
          defaultValue={typed.idLast4}
          autoComplete="off"
          maxLength={4}
          required
        />
        <QuoteField
          name="idExpiry"
          label="Expiry date"
          type="date"
          error={field("idExpiry")}
          defaultValue={typed.idExpiry}
          required
        />
        <Choice
          name="idNameMatches"
          legend="Does the name on the ID match who asked?"
          options={YES_NO}
          checked={typed.idNameMatches}
          error={field("idNameMatches")}
        />
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">Right to enter</legend>
        <SelectField
          name="authority"
          label="Document seen"
          options={AUTHORITY_DOCUMENTS.map((doc) => [doc, AUTHORITY_DOCUMENT_LABELS[doc]])}
          value={typed.authority}
          error={field("authority")}
        />
        <Choice
          name="authorityNameMatches"
          legend="Does the name on it match the ID?"
          options={YES_NO}
          checked={typed.authorityNameMatches}
          error={field("authorityNameMatches")}
        />
        <Choice
          name="authorityAddressMatches"
          legend="Does the address (or vehicle) on it match this job?"
          options={YES_NO}
          checked={typed.authorityAddressMatches}
          error={field("authorityAddressMatches")}
        />
      </fieldset>
      {(fixedOpened === null || fixedOpened === "vehicle") && (
        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-semibold">
            {fixedOpened ? "The vehicle" : "A vehicle only"}
          </legend>
          <QuoteField
            name="vin"
            label="VIN (17 characters, on the dashboard or the registration)"
            error={field("vin")}
            defaultValue={typed.vin}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
            required={fixedOpened === "vehicle"}
          />
          <QuoteField
            name="plate"
            label="License plate"
            error={field("plate")}
            defaultValue={typed.plate}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={12}
            required={fixedOpened === "vehicle"}
          />
        </fieldset>
      )}
    </>
  );
}

function DoorRefusal({
  police,
  officePhone,
  error,
  typed,
}: {
  police: PoliceContact;
  officePhone: { display: string; tel: string };
  error?: string;
  typed?: string;
}) {
  return (
    <details className="rounded-lg border-2 border-destructive p-3" open={Boolean(error)}>
      <summary className="cursor-pointer font-semibold">No proof? Refuse the opening</summary>
      <Form method="post" replace className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="door_refusal" />
        <p className="text-sm">
          Do not open anything. The office is told at once, and the job ends unpaid.
        </p>
        <RefusalReasonField label="Why (what was missing)" typed={typed} error={error} />
        <Button type="submit" variant="destructive" className="w-full">
          Refuse: no proof
        </Button>
      </Form>
      <PoliceNumber police={police} officePhone={officePhone} />
    </details>
  );
}

/** The refusal's reason, in the locksmith's form and the office's (decision 0075). */
export function RefusalReasonField({
  label,
  typed,
  error,
}: {
  label: string;
  typed?: string;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor="refusal-reason">{label}</Label>
      <textarea
        id="refusal-reason"
        name="reason"
        required
        maxLength={REFUSAL_REASON_MAX}
        rows={3}
        defaultValue={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "refusal-reason-error" : undefined}
        className="border-input rounded-md border bg-background p-2 text-base"
      />
      {error && (
        <p id="refusal-reason-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Where to turn when the person insists: 911 in danger, else the area's non-emergency line. */
export function PoliceNumber({
  police,
  officePhone,
}: {
  police: PoliceContact;
  officePhone: { display: string; tel: string };
}) {
  return (
    <>
      <p className="mt-3 text-sm">
        If the person insists, or you think a break-in is under way: in danger, call{" "}
        <a href="tel:911" className="font-semibold underline">
          911
        </a>
        .{" "}
        {police.dial && police.tel ? (
          <>
            Otherwise {police.name}:{" "}
            <a href={`tel:${police.tel}`} className="font-semibold underline">
              {police.dial}
            </a>
            .
          </>
        ) : (
          <>
            Otherwise call the office for the local police&apos;s number:{" "}
            <a href={`tel:${officePhone.tel}`} className="font-semibold underline">
              {officePhone.display}
            </a>
            .
          </>
        )}
      </p>
    </>
  );
}

function SelectField({
  name,
  label,
  options,
  value,
  error,
}: {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  value?: string;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={name}>{label}</Label>
      <select
        id={name}
        name={name}
        required
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className="border-input h-12 rounded-md border bg-background px-2 text-base"
      >
        <option value="" disabled>
          Choose…
        </option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
