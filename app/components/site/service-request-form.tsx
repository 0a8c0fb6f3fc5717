import { FIRST_TOUCH_KEYS, firstTouchField } from "~/lib/leads/first-touch-keys";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { FieldNotes } from "~/components/ui/field-notes";
import { SERVICE_TYPES } from "~/lib/business-enums";
import {
  EXAMPLE_PHONE,
  HONEYPOT_FIELD,
  outsideAreaNotice,
  REQUEST_MESSAGES,
  REQUEST_SERVICE_LABELS,
  REQUEST_FIELDS,
  type RequestField,
} from "~/lib/leads/service-request";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";

// The look of the back office's form primitives (components/ui: Field, Label, Input,
// NativeSelect, Textarea, Alert), as plain elements. The scroll margin keeps a field the
// browser scrolls to (its own validation, autofocus) clear of the sticky header.
const CONTROL =
  "scroll-mt-24 text-foreground focus-visible:outline-ring aria-invalid:border-destructive w-full rounded-lg border border-slate-300 bg-white text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 disabled:opacity-50 md:text-sm";
const INPUT = `${CONTROL} flex h-10 min-w-0 px-3 py-2 placeholder:text-slate-500 disabled:cursor-not-allowed`;
const TEXTAREA = `${CONTROL} flex min-h-20 px-3 py-2 placeholder:text-slate-500`;
const SELECT = `${CONTROL} h-10 appearance-none py-2 pr-9 pl-3`;

/** Label, control, hint and the field's error message, wired for screen readers. */
function Field({
  label,
  htmlFor,
  error,
  errorId,
  hint,
  hintId,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  errorId: string;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={htmlFor}
        className="text-sm leading-none font-medium select-none peer-disabled:opacity-50"
      >
        {label}
      </label>
      {children}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

type Field = RequestField;

/** What the action answers (see routes/site/request.tsx). */
export type RequestAnswer =
  | { status: "created"; serviceType: string; zip: string; outsideArea: boolean; price?: string }
  | {
      status: "invalid";
      fieldErrors: Partial<Record<Field, string>>;
      values: Partial<Record<Field, string>>;
    }
  | { status: "refused"; message: string; values: Partial<Record<Field, string>> }
  | { status: "failed" };

interface ServiceRequestFormProps {
  /** The action's last answer to this visitor, if any. */
  answer: RequestAnswer | undefined;
  defaults: { serviceType: string };
  area: { name: string; zipCodes: readonly string[] } | null;
  /** Every ZIP code of the listed areas (from the loader, not the whole area list). */
  servedZips: readonly string[];
}

const ID = "request";

/**
 * The visitor's request: a plain POST form. The server answers with a thank-you page or
 * this form again, with a message next to each field to fix and focus on the first of them
 * (autofocus, so it also works with no script). The island
 * app/islands/entries/request-form.ts sends it in place and adds the ZIP niceties.
 */
export function ServiceRequestForm({
  answer,
  defaults,
  area,
  servedZips,
}: ServiceRequestFormProps) {
  const business = useBusiness();
  // Posted to this page's own address, so the answer keeps its area and service.
  const { search } = useLocation();
  const values = answer && "values" in answer ? answer.values : {};
  const errors = answer?.status === "invalid" ? answer.fieldErrors : {};
  const firstInvalid = REQUEST_FIELDS.find((field) => errors[field]);
  const zip = values.zip ?? "";
  const outside = /^\d{5}$/.test(zip) && !servedZips.includes(zip);
  const problem =
    answer?.status === "refused"
      ? answer.message
      : answer?.status === "failed"
        ? REQUEST_MESSAGES.failed
        : null;
  const fieldProps = (field: Field) => ({
    id: `${ID}-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${ID}-${field}-error` : undefined,
    autoFocus: field === firstInvalid || undefined,
  });

  return (
    <form data-part="form" method="post" action={`/request${search}`} className="grid gap-5">
      <input type="hidden" name="mode" value="page" data-part="mode" />
      {/* Filled by the first-touch island: where this visit began (decision 0039). */}
      {FIRST_TOUCH_KEYS.map((key) => (
        <input key={key} type="hidden" name={firstTouchField(key)} data-first-touch={key} />
      ))}
      {problem && (
        <ProblemAlert part="problem">
          {problem}{" "}
          <a href={business.phoneHref} className="font-semibold underline">
            Call {business.phone}
          </a>
        </ProblemAlert>
      )}
      <Field
        label="Your name"
        htmlFor={`${ID}-name`}
        error={errors.name}
        errorId={`${ID}-name-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("name")}
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
        />
      </Field>
      <Field
        label="Phone number"
        htmlFor={`${ID}-phone`}
        error={errors.phone}
        errorId={`${ID}-phone-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          placeholder={EXAMPLE_PHONE}
          defaultValue={values.phone}
        />
      </Field>
      <Field
        label="E-mail (optional, for a copy of your receipt)"
        htmlFor={`${ID}-email`}
        error={errors.email}
        errorId={`${ID}-email-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("email")}
          type="email"
          autoComplete="email"
          maxLength={200}
          defaultValue={values.email}
        />
      </Field>
      <Field
        label="Service needed"
        htmlFor={`${ID}-serviceType`}
        error={errors.serviceType}
        errorId={`${ID}-serviceType-error`}
      >
        <div className="relative">
          <select
            className={SELECT}
            {...fieldProps("serviceType")}
            required
            defaultValue={values.serviceType ?? defaults.serviceType}
          >
            <option value="">Choose a service</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {REQUEST_SERVICE_LABELS[type]}
              </option>
            ))}
          </select>
          <Icon
            name="chevron-down"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
        </div>
      </Field>
      <Field
        label="ZIP code"
        htmlFor={`${ID}-zip`}
        error={errors.zip}
        errorId={`${ID}-zip-error`}
        hint={area ? `${area.name}: ${area.zipCodes.join(", ")}` : undefined}
        hintId={`${ID}-zip-hint`}
      >
        <input
          className={INPUT}
          {...fieldProps("zip")}
          data-part="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          pattern="\d{5}"
          maxLength={5}
          list={area ? `${ID}-zips` : undefined}
          defaultValue={zip}
        />
        {area && (
          <datalist id={`${ID}-zips`}>
            {area.zipCodes.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        )}
      </Field>
      {/* Filled in as the ZIP is typed (the island); empty, it takes no room. */}
      <p
        data-part="outside"
        aria-live="polite"
        className="-mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 empty:sr-only"
      >
        {outside ? outsideAreaNotice(zip) : ""}
      </p>
      <Field
        label="Street address or cross streets (optional)"
        htmlFor={`${ID}-address`}
        error={errors.address}
        errorId={`${ID}-address-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("address")}
          type="text"
          // One line: "street-address" is for a multi-line field (HTML's autofill rules).
          autoComplete="address-line1"
          maxLength={200}
          placeholder="e.g. 6118 S Pulaski Rd, or 63rd and Pulaski"
          defaultValue={values.address}
        />
      </Field>
      <Field
        label="Details (optional)"
        htmlFor={`${ID}-details`}
        error={errors.details}
        errorId={`${ID}-details-error`}
      >
        <textarea
          className={TEXTAREA}
          {...fieldProps("details")}
          rows={3}
          maxLength={1000}
          placeholder="e.g. keys locked in a 2018 Honda Civic at the Jewel-Osco lot"
          defaultValue={values.details}
        />
      </Field>
      <label className="flex items-start gap-3 text-base">
        <input
          type="checkbox"
          name="textConsent"
          defaultChecked={values.textConsent === "on"}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <span>
          Text me updates about this request
          <span className="block text-sm text-muted-foreground">
            When a locksmith is assigned and on the way. We text US numbers only; for any other
            number we call. Reply STOP to stop.
          </span>
        </span>
      </label>
      {/* Hidden from people (off-screen, not announced, not focusable); bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${ID}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${ID}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {/* Shown by the island when the request could not be sent at all (offline). */}
      <ProblemAlert part="offline" hidden>
        {REQUEST_MESSAGES.failed}{" "}
        <a href={business.phoneHref} className="font-semibold underline">
          Call {business.phone}
        </a>
      </ProblemAlert>
      <button type="submit" data-part="submit" className={buttonVariants({ size: "lg" })}>
        <Icon name="send" aria-hidden="true" />
        <span data-part="submit-label">Send request</span>
      </button>
      <p className="text-sm text-muted-foreground">
        We use your number only to call you back about this request (and to text you, if you ticked
        the box). See our{" "}
        <a href="/privacy" className="underline">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}

/** The Alert primitive's destructive look, focusable so a script can move focus to it. */
function ProblemAlert({
  part,
  hidden,
  children,
}: {
  part: string;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      data-part={part}
      role="alert"
      tabIndex={-1}
      hidden={hidden}
      className="relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-red-700"
    >
      <Icon name="circle-exclamation-point" aria-hidden="true" />
      <div className="col-start-2 text-sm">{children}</div>
    </div>
  );
}
