import { CreditCard, Download, FileText, HandCoins } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { TaxDetailsFacts, TaxDetailsForm } from "~/components/admin/tax/tax-details-form";
import { YearEndList } from "~/components/admin/tax/year-end-list";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/native-select";
import { formatCents } from "~/lib/money/money";
import { taxPayerSchema } from "~/lib/schemas/tax";
import { IRIS_ROWS_PER_FILE } from "~/lib/tax/iris-csv";
import { APART_METHODS, methodList, NEC_METHODS } from "~/lib/tax/payout-counting";
import { necThreshold } from "~/lib/tax/threshold";
import { w9MissingText } from "~/lib/tax/w9";
import { chicagoDay } from "~/lib/time/chicago-period";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { configuredTinCipher } from "~/server/tax/tin-cipher.server";
import { payerView, readTaxPayer, saveTaxPayer } from "~/server/tax/w9.server";
import {
  EXPORT_TEXT,
  exportProblem,
  leftOutNames,
  payoutYears,
  readyForms,
  yearEndReport,
} from "~/server/tax/year-end.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import type { Route } from "./+types/year-end";

/*
 * Year-end 1099s (issue 49, decision 0070), owners only: pick a year; each locksmith's payouts
 * by method, what counts toward the 1099-NEC against the year's threshold, whether one is due,
 * what their W-9 lacks; the business's own details as the payer; the IRIS file to download.
 */

export const handle = { liveTables: ["payouts", "locksmiths"] };

/** A calendar year from the address, or the default. */
function requestedYear(request: Request, fallback: number): number {
  const parsed = z.coerce
    .number()
    .int()
    .min(2000)
    .max(fallback + 1)
    .safeParse(new URL(request.url).searchParams.get("year") ?? undefined);
  return parsed.success ? parsed.data : fallback;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const currentYear = chicagoDay(new Date()).year;
  const years = await payoutYears(db, currentYear);
  // The pack is for the year just ended when it had payouts; otherwise this one so far.
  const year = requestedYear(
    request,
    years.includes(currentYear - 1) ? currentYear - 1 : currentYear,
  );
  if (!years.includes(year)) years.push(year);
  const rows = await yearEndReport(db, year);
  const cipher = configuredTinCipher(env);
  return {
    year,
    years: years.sort((a, b) => b - a),
    threshold: necThreshold(year),
    rows: rows.map((row) => ({
      id: row.locksmithId,
      name: row.name,
      byMethod: row.byMethod,
      countedCents: row.countedCents,
      apartCents: row.apartCents,
      due: row.due,
      w9Text: w9MissingText(row.w9),
    })),
    payer: payerView(await readTaxPayer(db)),
    keySet: cipher !== null,
    problem: await exportProblem(db, cipher, year, rows),
    forms: readyForms(rows).length,
    leftOut: leftOutNames(rows).length ? EXPORT_TEXT.leftOut(leftOutNames(rows)) : null,
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  return handleIntents(request, taxPayerSchema, {
    payer: {
      failure: "Failed to save the payer's details",
      form: true,
      hideFields: ["tin"],
      run: async (form) => {
        requireOwner(context);
        await saveTaxPayer(database.db, configuredTinCipher(env), form, userActor(context));
        return { toast: "Payer details saved" };
      },
    },
  });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `Year-end 1099s${page ? ` ${page.year}` : ""} | Payouts | Admin` },
];

export default function YearEndPage({ loaderData }: Route.ComponentProps) {
  const { year, years, threshold, rows, payer, keySet, problem, forms, leftOut } = loaderData;
  const due = rows.filter((row) => row.due);
  const counted = rows.reduce((sum, row) => sum + row.countedCents, 0);
  const apart = rows.reduce((sum, row) => sum + row.apartCents, 0);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Year-end 1099s"
        description="Form 1099-NEC for the locksmiths paid for their work: what each was paid in the calendar year, by how it was paid, against the IRS threshold for that year."
      >
        <Link to="/admin/payouts" className={buttonVariants({ variant: "outline" })}>
          Payouts
        </Link>
      </PageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label htmlFor="tax-year" className="grid gap-1 text-sm font-medium">
          Payments made in
          <NativeSelect id="tax-year" name="year" defaultValue={String(year)} className="w-32">
            {years.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <div className="grid gap-1 text-sm">
        <p>
          For payments made in {year}, a 1099-NEC is due for each locksmith paid{" "}
          <strong>{formatCents(threshold.cents)} or more</strong> by {methodList(NEC_METHODS)}.
          Payouts by {methodList(APART_METHODS)} (a payment app or a card) are reported on Form
          1099-K by the processor: they are counted apart, and left off the 1099-NEC.
        </p>
        {!threshold.known && (
          <p role="status" className="font-medium text-amber-900">
            The threshold for {year} is indexed for inflation and is not in Lockline yet:{" "}
            {formatCents(threshold.cents)} is the last one known. Check the IRS instructions for
            Forms 1099-MISC and 1099-NEC for {year}.
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="1099-NEC due"
          value={String(due.length)}
          icon={FileText}
          detail={`Of ${rows.length} paid in ${year}`}
        />
        <StatCard
          title="Counted"
          value={formatCents(counted)}
          icon={HandCoins}
          detail={methodList(NEC_METHODS)}
        />
        <StatCard
          title="Counted apart"
          value={formatCents(apart)}
          icon={CreditCard}
          detail="On 1099-K by the processor"
        />
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          No payouts to locksmiths in {year}.
        </p>
      ) : (
        <YearEndList rows={rows} />
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">IRIS file</CardTitle>
          <CardDescription>
            A CSV for “Upload CSV with Form Data” in the IRS’s IRIS Taxpayer Portal: one 1099-NEC
            per locksmith due, the counted total in box 1. Compare its columns with the template
            IRIS offers for {year} before the first upload; the portal takes {IRIS_ROWS_PER_FILE}{" "}
            forms a file. It holds each full taxpayer number: keep it safe and delete it once filed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {leftOut && <p className="text-sm font-medium text-red-800">{leftOut}</p>}
          {problem ? (
            <p
              role="status"
              className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900"
            >
              {problem}
            </p>
          ) : (
            <a
              href={`/admin/payouts/year-end/${year}/iris-1099-nec.csv`}
              download
              className={buttonVariants()}
            >
              <Download aria-hidden="true" />
              Download IRIS CSV ({forms} {forms === 1 ? "form" : "forms"})
            </a>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">The business as the payer</CardTitle>
          <CardDescription>
            Printed on every form: the business’s legal name, taxpayer number, address and phone.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {payer ? (
            <TaxDetailsFacts details={payer} />
          ) : (
            <p className="text-sm text-muted-foreground">Not filled in yet.</p>
          )}
          <details className="rounded-md border p-3" open={!payer}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">
              {payer ? "Update the payer's details" : "Fill in the payer's details"}
            </summary>
            <div className="mt-3">
              <TaxDetailsForm
                intent="payer"
                details={payer}
                keySet={keySet}
                submitLabel="Save payer details"
              />
            </div>
          </details>
        </CardContent>
      </Card>
    </div>
  );
}
