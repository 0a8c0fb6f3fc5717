import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { FactList } from "~/components/admin/fact-list";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { Button } from "~/components/ui/button";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { InputField, SelectField } from "~/components/ui/form-fields";
import type { ActionReply } from "~/lib/admin/action-reply";
import { maskTin, TIN_TYPE_LABELS, TIN_TYPES } from "~/lib/tax/tin";
import type { W9View } from "~/lib/tax/w9";

/*
 * The W-9's fields as a form (decision 0070): a locksmith's on their page ("w9"), the
 * business's own as the payer on the year-end page ("payer"). The number field is always
 * empty: the server never sends a number back, and an empty one keeps the one on file.
 */

export interface TaxDetailsDefaults extends W9View {
  phone?: string | null;
}

export function TaxDetailsForm({
  intent,
  details,
  keySet,
  submitLabel,
}: {
  intent: "w9" | "payer";
  details: TaxDetailsDefaults | null;
  /** Whether the server can store a number (TIN_ENCRYPTION_KEY is set). */
  keySet: boolean;
  submitLabel: string;
}) {
  const fetcher = useFetcher<ActionReply>();
  const [form, fields] = useLazyZodForm({
    id: `tax-${intent}`,
    loadSchema: () =>
      import("~/lib/schemas/tax").then((schemas) =>
        intent === "w9" ? schemas.w9Schema : schemas.taxPayerSchema,
      ),
    lastResult: useFetcherReply(fetcher, intent),
    validateOn: "submit",
    defaultValue: {
      legalName: details?.legalName ?? "",
      businessName: details?.businessName ?? "",
      tinType: details?.tinType ?? "",
      tin: "",
      street: details?.street ?? "",
      street2: details?.street2 ?? "",
      city: details?.city ?? "",
      state: details?.state ?? "",
      zip: details?.zip ?? "",
      ...(intent === "payer" ? { phone: details?.phone ?? "" } : {}),
    },
  });
  const stored =
    details?.tinLast4 && details.tinType ? maskTin(details.tinType, details.tinLast4) : null;
  const tinHint = !keySet
    ? "The server has no TIN_ENCRYPTION_KEY: a number cannot be stored until an owner sets it."
    : stored
      ? `On file: ${stored}. Leave empty to keep it.`
      : "Nine digits; only the last four are shown after saving.";
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      <InputField
        meta={fields.legalName}
        label={intent === "w9" ? "Legal name (W-9 line 1)" : "Legal name"}
        autoComplete="off"
      />
      <InputField
        meta={fields.businessName}
        label={intent === "w9" ? "Business name (W-9 line 2, optional)" : "Trade name (optional)"}
        autoComplete="off"
      />
      <SelectField meta={fields.tinType} label="Taxpayer number type">
        <option value="">Choose…</option>
        {TIN_TYPES.filter((type) => intent === "w9" || type !== "itin").map((type) => (
          <option key={type} value={type}>
            {TIN_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <InputField
        meta={fields.tin}
        label="Taxpayer number"
        hint={tinHint}
        autoComplete="off"
        inputMode="numeric"
        spellCheck={false}
      />
      <InputField meta={fields.street} label="Street address" autoComplete="off" />
      <InputField meta={fields.street2} label="Apartment or suite (optional)" autoComplete="off" />
      <InputField meta={fields.city} label="City" autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <InputField meta={fields.state} label="State" autoComplete="off" maxLength={2} />
        <InputField meta={fields.zip} label="ZIP code" autoComplete="off" inputMode="numeric" />
      </div>
      {intent === "payer" && (
        <InputField meta={fields.phone} label="Phone" type="tel" autoComplete="off" />
      )}
      <Button
        type="submit"
        className="justify-self-start sm:col-span-2"
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Saving..." : submitLabel}
      </Button>
    </fetcher.Form>
  );
}

/** The details on file, as a list: the number only as its mask. */
export function TaxDetailsFacts({ details }: { details: TaxDetailsDefaults }) {
  const address = [
    details.street,
    details.street2,
    [details.city, [details.state, details.zip].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", "),
  ]
    .filter(Boolean)
    .join(", ");
  const facts: [string, string][] = [
    ["Legal name", details.legalName ?? "—"],
    ["Business name", details.businessName ?? "—"],
    [
      "Taxpayer number",
      details.tinType
        ? `${TIN_TYPE_LABELS[details.tinType]} ${details.tinLast4 ? maskTin(details.tinType, details.tinLast4) : "(number not on file)"}`
        : "—",
    ],
    ["Address", address || "—"],
    ...(details.phone !== undefined ? [["Phone", details.phone ?? "—"] as [string, string]] : []),
  ];
  return <FactList facts={facts} />;
}
