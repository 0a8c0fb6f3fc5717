import { AlertCircle, Send } from "lucide-react";
import { useId, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { serviceAreas } from "~/content/service-areas";
import { SERVICE_TYPES } from "~/lib/business-enums";
import { SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { HONEYPOT_FIELD } from "~/lib/service-request";
import { useBusiness } from "./use-business";
import { useHydrated } from "./use-hydrated";

type Field = "name" | "phone" | "serviceType" | "zip" | "details";

/** What the action answers (see routes/site/request.tsx). */
type RequestAnswer =
  | { status: "created" }
  | { status: "invalid"; fieldErrors: Partial<Record<Field, string>>; values: Partial<Record<Field, string>> }
  | { status: "refused"; message: string; values: Partial<Record<Field, string>> }
  | { status: "failed" };

interface ServiceRequestFormProps {
  fetcher: FetcherWithComponents<unknown>;
  /** The last answer: the fetcher's (JavaScript) or the action's (a plain POST). */
  answer: unknown;
  defaults: { serviceType: string };
  area: { name: string; zipCodes: readonly string[] } | null;
}

const servedZips = new Set(serviceAreas.flatMap((area) => area.zipCodes));

/**
 * The visitor's request. A plain POST form (no JavaScript needed: the server answers with
 * a thank-you page or the form again with its messages); with JavaScript it submits in
 * place. Browser validation catches the obvious; the server decides.
 */
export function ServiceRequestForm({ fetcher, answer: lastAnswer, defaults, area }: ServiceRequestFormProps) {
  const business = useBusiness();
  const hydrated = useHydrated();
  const id = useId();
  const answer = lastAnswer as RequestAnswer | undefined;
  const values = answer && "values" in answer ? answer.values : {};
  const errors = answer?.status === "invalid" ? answer.fieldErrors : {};
  const [zip, setZip] = useState(values.zip ?? "");
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
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            {problem}{" "}
            <a href={business.phoneHref} className="font-semibold underline">
              Call {business.phone}
            </a>
          </AlertDescription>
        </Alert>
      )}
      <Field label="Your name" htmlFor={`${id}-name`} errors={errors.name ? [errors.name] : undefined} errorId={`${id}-name-error`}>
        <Input {...fieldProps("name")} autoComplete="name" required maxLength={100} defaultValue={values.name} />
      </Field>
      <Field label="Phone number" htmlFor={`${id}-phone`} errors={errors.phone ? [errors.phone] : undefined} errorId={`${id}-phone-error`}>
        <Input {...fieldProps("phone")} type="tel" inputMode="tel" autoComplete="tel-national" required placeholder="(312) 555-0147" defaultValue={values.phone} />
      </Field>
      <Field label="Service needed" htmlFor={`${id}-serviceType`} errors={errors.serviceType ? [errors.serviceType] : undefined} errorId={`${id}-serviceType-error`}>
        <NativeSelect {...fieldProps("serviceType")} required defaultValue={values.serviceType ?? defaults.serviceType}>
          <option value="">Choose a service</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SERVICE_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label="ZIP code"
        htmlFor={`${id}-zip`}
        errors={errors.zip ? [errors.zip] : undefined}
        errorId={`${id}-zip-error`}
        hint={area ? `${area.name}: ${area.zipCodes.join(", ")}` : undefined}
        hintId={`${id}-zip-hint`}
      >
        <Input
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
      <p aria-live="polite" className={outside ? "-mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" : "sr-only"}>
        {outside ? `${zip} is outside the areas we list, but send your request anyway: we'll check which locksmith can reach you.` : ""}
      </p>
      <Field label="Details (optional)" htmlFor={`${id}-details`} errors={errors.details ? [errors.details] : undefined} errorId={`${id}-details-error`}>
        <Textarea {...fieldProps("details")} rows={3} maxLength={1000} placeholder="e.g. keys locked in a 2018 Honda Civic at the Jewel-Osco lot" defaultValue={values.details} />
      </Field>
      {/* Hidden from people (off-screen, not announced, not focusable); bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" size="lg" disabled={sending}>
        <Send aria-hidden="true" />
        {sending ? "Sending..." : "Send request"}
      </Button>
      <p className="text-sm text-muted-foreground">
        We use your number only to call you back about this request. See our{" "}
        <a href="/privacy" className="underline">
          privacy policy
        </a>
        .
      </p>
    </fetcher.Form>
  );
}
