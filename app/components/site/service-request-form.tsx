import { useId, useMemo, useState, type ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { SERVICE_TYPES } from "~/lib/business-enums";
import { SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { HONEYPOT_FIELD } from "~/lib/service-request";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";
import { useHydrated } from "~/components/use-hydrated";

// The look of the back office's form primitives (components/ui: Field, Label, Input,
// NativeSelect, Textarea, Alert), as plain elements: this public page then loads neither
// tailwind-merge nor Radix.
const CONTROL =
  "text-foreground focus-visible:outline-ring aria-invalid:border-destructive w-full rounded-lg border border-slate-300 bg-white text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 disabled:opacity-50 md:text-sm";
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
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type Field = "name" | "phone" | "serviceType" | "zip" | "address" | "details" | "textConsent";

/** What the action answers (see routes/site/request.tsx). */
type RequestAnswer =
  | { status: "created" }
  | {
      status: "invalid";
      fieldErrors: Partial<Record<Field, string>>;
      values: Partial<Record<Field, string>>;
    }
  | { status: "refused"; message: string; values: Partial<Record<Field, string>> }
  | { status: "failed" };

interface ServiceRequestFormProps {
  fetcher: FetcherWithComponents<unknown>;
  /** The last answer: the fetcher's (JavaScript) or the action's (a plain POST). */
  answer: unknown;
  defaults: { serviceType: string };
  area: { name: string; zipCodes: readonly string[] } | null;
  /** Every ZIP code of the listed areas (from the loader, not the whole area list). */
  servedZips: readonly string[];
}

/**
 * The visitor's request. A plain POST form (no JavaScript needed: the server answers with
 * a thank-you page or the form again with its messages); with JavaScript it submits in
 * place. Browser validation catches the obvious; the server decides.
 */
export function ServiceRequestForm({
  fetcher,
  answer: lastAnswer,
  defaults,
  area,
  servedZips: zipList,
}: ServiceRequestFormProps) {
  const business = useBusiness();
  const hydrated = useHydrated();
  const id = useId();
  const answer = lastAnswer as RequestAnswer | undefined;
  const values = answer && "values" in answer ? answer.values : {};
  const errors = answer?.status === "invalid" ? answer.fieldErrors : {};
  const [zip, setZip] = useState(values.zip ?? "");
  const servedZips = useMemo(() => new Set(zipList), [zipList]);
  const outside = /^\d{5}$/.test(zip) && !servedZips.has(zip);
  const sending = fetcher.state !== "idle";
  const problem =
    answer?.status === "refused"
      ? answer.message
      : answer?.status === "failed"
        ? "We couldn't send your request just now. Please call us instead."
        : null;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <fetcher.Form method="post" action="/request" className="grid gap-5" noValidate={hydrated}>
      <input type="hidden" name="mode" value={hydrated ? "inline" : "page"} />
      {problem && (
        <div
          role="alert"
          className="relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-red-700"
        >
          <Icon name="circle-exclamation-point" aria-hidden="true" />
          <div className="col-start-2 text-sm">
            {problem}{" "}
            <a href={business.phoneHref} className="font-semibold underline">
              Call {business.phone}
            </a>
          </div>
        </div>
      )}
      <Field
        label="Your name"
        htmlFor={`${id}-name`}
        error={errors.name}
        errorId={`${id}-name-error`}
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
        htmlFor={`${id}-phone`}
        error={errors.phone}
        errorId={`${id}-phone-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          placeholder="(312) 555-0147"
          defaultValue={values.phone}
        />
      </Field>
      <Field
        label="Service needed"
        htmlFor={`${id}-serviceType`}
        error={errors.serviceType}
        errorId={`${id}-serviceType-error`}
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
                {SERVICE_TYPE_LABELS[type]}
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
        htmlFor={`${id}-zip`}
        error={errors.zip}
        errorId={`${id}-zip-error`}
        hint={area ? `${area.name}: ${area.zipCodes.join(", ")}` : undefined}
        hintId={`${id}-zip-hint`}
      >
        <input
          className={INPUT}
          {...fieldProps("zip")}
          inputMode="numeric"
          autoComplete="postal-code"
          required
          pattern="\d{5}"
          maxLength={5}
          list={area ? `${id}-zips` : undefined}
          value={zip}
          onChange={(event) => setZip(event.target.value.replace(/\D/g, "").slice(0, 5))}
        />
        {area && (
          <datalist id={`${id}-zips`}>
            {area.zipCodes.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        )}
      </Field>
      <p
        aria-live="polite"
        className={outside ? "-mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" : "sr-only"}
      >
        {outside
          ? `${zip} is outside the areas we list, but send your request anyway: we'll check which locksmith can reach you.`
          : ""}
      </p>
      <Field
        label="Street address or cross streets (optional)"
        htmlFor={`${id}-address`}
        error={errors.address}
        errorId={`${id}-address-error`}
      >
        <input
          className={INPUT}
          {...fieldProps("address")}
          type="text"
          autoComplete="street-address"
          maxLength={200}
          placeholder="e.g. 6118 S Pulaski Rd, or 63rd and Pulaski"
          defaultValue={values.address}
        />
      </Field>
      <Field
        label="Details (optional)"
        htmlFor={`${id}-details`}
        error={errors.details}
        errorId={`${id}-details-error`}
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
            When a locksmith is assigned and on the way. Reply STOP to stop.
          </span>
        </span>
      </label>
      {/* Hidden from people (off-screen, not announced, not focusable); bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <button type="submit" className={buttonVariants({ size: "lg" })} disabled={sending}>
        <Icon name="send" aria-hidden="true" />
        {sending ? "Sending..." : "Send request"}
      </button>
      <p className="text-sm text-muted-foreground">
        We use your number only to call you back about this request (and to text you, if you ticked
        the box). See our{" "}
        <a href="/privacy" className="underline">
          privacy policy
        </a>
        .
      </p>
    </fetcher.Form>
  );
}
