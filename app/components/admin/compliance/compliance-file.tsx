import { getFormProps } from "@conform-to/react";
import { FileText } from "lucide-react";
import { useFetcher } from "react-router";
import { FactList } from "~/components/admin/fact-list";
import { useFetcherReply } from "~/components/admin/use-fetcher-reply";
import { useLazyZodForm } from "~/components/use-lazy-zod-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormErrorMessage } from "~/components/ui/form-error-message";
import { Input } from "~/components/ui/input";
import { InputField } from "~/components/ui/form-fields";
import type { ActionReply } from "~/lib/admin/action-reply";
import {
  COMPLIANCE_KIND_FIELDS,
  COMPLIANCE_KIND_LABELS,
  documentStanding,
  fileSizeText,
  type ComplianceDocumentView,
  standingText,
} from "~/lib/compliance/documents";
import { FILE_TYPES } from "~/lib/compliance/file-type";
import { COMPLIANCE_KINDS, shortDay, type ComplianceKind } from "~/lib/compliance/lapse";
import { formatDate } from "~/lib/format";
import { centsToInput, formatCents } from "~/lib/money/money";

/*
 * A compliance file in the office (issue 45, decision 0064): each document with where it
 * stands, its file (opened by owners only; the others see that it is there), and a form to
 * record or replace it. The form posts to the page it is on, as multipart, so it works
 * without JavaScript too.
 */

export interface ComplianceFileView {
  documents: ComplianceDocumentView[];
  /** Today in Chicago (YYYY-MM-DD), as the server read it. */
  today: string;
  canOpenFiles: boolean;
}

const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export function ComplianceDocuments({ documents, today, canOpenFiles }: ComplianceFileView) {
  return (
    <>
      {COMPLIANCE_KINDS.map((kind) => (
        <DocumentCard
          key={kind}
          kind={kind}
          doc={documents.find((doc) => doc.kind === kind)}
          today={today}
          canOpenFiles={canOpenFiles}
        />
      ))}
    </>
  );
}

const STANDING_VARIANT = {
  missing: "secondary",
  valid: "success",
  expiring: "warning",
  expired: "destructive",
} as const;

function DocumentCard({
  kind,
  doc,
  today,
  canOpenFiles,
}: {
  kind: ComplianceKind;
  doc: ComplianceDocumentView | undefined;
  today: string;
  canOpenFiles: boolean;
}) {
  const words = COMPLIANCE_KIND_FIELDS[kind];
  const standing = documentStanding(doc, today);
  const facts: [string, string][] = doc
    ? [
        [words.provider, doc.provider ?? "—"],
        ...(words.reference ? [[words.reference, doc.reference ?? "—"] as [string, string]] : []),
        ...(words.amount
          ? [
              [words.amount, doc.amountCents ? formatCents(doc.amountCents) : "—"] as [
                string,
                string,
              ],
            ]
          : []),
        words.expires
          ? ["Expires", doc.expiresOn ? shortDay(doc.expiresOn, today) : "—"]
          : ["Done on", doc.checkedOn ? shortDay(doc.checkedOn, today) : "—"],
      ]
    : [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
          {COMPLIANCE_KIND_LABELS[kind]}
          <Badge variant={STANDING_VARIANT[standing]}>{standingText(standing, doc, today)}</Badge>
        </CardTitle>
        {standing === "expired" && kind === "insurance" && (
          <CardDescription>
            Not offered jobs automatically until a current one is recorded.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {doc && (
          <FactList facts={facts}>
            <dt className="font-medium text-muted-foreground">File</dt>
            <dd>
              <FileLine
                file={doc.file}
                canOpen={canOpenFiles}
                label={COMPLIANCE_KIND_LABELS[kind]}
              />
            </dd>
          </FactList>
        )}
        <DocumentForm kind={kind} doc={doc} />
        {doc && canOpenFiles && <RemoveDocumentForm kind={kind} />}
      </CardContent>
    </Card>
  );
}

/** An owner (the one who may open files) removes the document and its file, asked first. */
function RemoveDocumentForm({ kind }: { kind: ComplianceKind }) {
  const fetcher = useFetcher<ActionReply>();
  const label = COMPLIANCE_KIND_LABELS[kind].toLowerCase();
  const question = `Remove the ${label} and its file? This cannot be undone; the activity log keeps what it said.`;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="kind" value={kind} />
      <Button
        type="submit"
        name="intent"
        value="removeCompliance"
        variant="destructive"
        size="sm"
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Removing..." : `Remove the ${label}`}
      </Button>
    </fetcher.Form>
  );
}

function FileLine({
  file,
  canOpen,
  label,
}: {
  file: ComplianceDocumentView["file"];
  canOpen: boolean;
  label: string;
}) {
  if (!file) return <>None uploaded</>;
  const what = `${FILE_TYPES[file.type].extension.toUpperCase()}, ${fileSizeText(file.sizeBytes)}, uploaded ${formatDate(new Date(file.uploadedAt))}`;
  return canOpen ? (
    <a
      href={`/admin/compliance/files/${file.id}`}
      className="font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      <FileText className="mr-1 inline size-4 align-text-bottom" aria-hidden="true" />
      Open the {label.toLowerCase()} file
      <span className="font-normal text-muted-foreground"> ({what})</span>
    </a>
  ) : (
    <span>On file ({what}). Only an owner can open it.</span>
  );
}

function DocumentForm({
  kind,
  doc,
}: {
  kind: ComplianceKind;
  doc: ComplianceDocumentView | undefined;
}) {
  const words = COMPLIANCE_KIND_FIELDS[kind];
  const fetcher = useFetcher<ActionReply>();
  const [form, fields] = useLazyZodForm({
    id: `compliance-${kind}`,
    loadSchema: () =>
      import("~/lib/schemas/compliance").then((schemas) => schemas.complianceDocumentSchema),
    lastResult: useFetcherReply(fetcher, "compliance"),
    validateOn: "submit",
    defaultValue: {
      kind,
      provider: doc?.provider ?? "",
      reference: doc?.reference ?? "",
      amount: doc?.amountCents ? centsToInput(doc.amountCents) : "",
      expiresOn: doc?.expiresOn ?? "",
      checkedOn: doc?.checkedOn ?? "",
    },
  });
  const label = COMPLIANCE_KIND_LABELS[kind];
  const fileId = `${form.id}-file`;
  return (
    <details className="rounded-md border p-3" open={!doc}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
        {doc ? `Replace or update the ${label.toLowerCase()}` : `Record the ${label.toLowerCase()}`}
      </summary>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="mt-3 grid gap-3 sm:grid-cols-2"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="compliance" />
        <input type="hidden" name="kind" value={kind} />
        <FormErrorMessage id={form.errorId} errors={form.errors} />
        <InputField meta={fields.provider} label={words.provider} autoComplete="off" />
        {words.reference && (
          <InputField meta={fields.reference} label={words.reference} autoComplete="off" />
        )}
        {words.amount && (
          <InputField
            meta={fields.amount}
            label={words.amount}
            inputMode="decimal"
            placeholder="$1,000,000"
          />
        )}
        {words.expires ? (
          <InputField meta={fields.expiresOn} label="Last day it covers" type="date" />
        ) : (
          <InputField meta={fields.checkedOn} label="Day it was done" type="date" />
        )}
        <Field
          label={doc?.file ? "New file (optional)" : "File (optional)"}
          htmlFor={fileId}
          errors={fields.file.errors}
          errorId={fields.file.errorId}
          hint="A PDF, JPEG or PNG of at most 10 MB."
          hintId={`${fileId}-hint`}
          className="sm:col-span-2"
        >
          <Input
            id={fileId}
            name="file"
            type="file"
            accept={ACCEPT}
            aria-describedby={`${fileId}-hint`}
            aria-invalid={fields.file.errors ? true : undefined}
          />
        </Field>
        <Button
          type="submit"
          className="justify-self-start sm:col-span-2"
          disabled={fetcher.state !== "idle"}
        >
          {fetcher.state !== "idle" ? "Saving..." : `Save ${label.toLowerCase()}`}
        </Button>
      </fetcher.Form>
    </details>
  );
}
