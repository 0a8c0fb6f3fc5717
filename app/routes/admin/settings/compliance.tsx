import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { ComplianceDocuments } from "~/components/admin/compliance/compliance-file";
import { SettingsBackLink } from "~/components/admin/settings/settings-back-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { COMPLIANCE_KIND_LABELS, documentStanding, standingText } from "~/lib/compliance/documents";
import { licenseToday } from "~/lib/locksmiths/license";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { complianceActionSchema } from "~/lib/schemas/compliance";
import { userContext } from "~/server/auth/session.server";
import {
  listExpiringDocuments,
  readComplianceDocuments,
} from "~/server/compliance/compliance.server";
import {
  complianceIntent,
  removeComplianceIntent,
} from "~/server/compliance/compliance-intent.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/compliance";

/*
 * Settings → Compliance (issue 45): the business's own license, insurance, bond and
 * background check, and every locksmith's document that has lapsed or runs out within 30 days.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const today = licenseToday();
  const [documents, expiring] = await Promise.all([
    readComplianceDocuments(database.db, null),
    listExpiringDocuments(database.db, today),
  ]);
  return {
    documents,
    expiring,
    today,
    canOpenFiles: context.get(userContext).role === "owner",
    agencyLicense: env.AGENCY_LICENSE_NUMBER ?? null,
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, complianceActionSchema, {
    compliance: complianceIntent(context, null),
    removeCompliance: removeComplianceIntent(context, null),
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Compliance | Settings | Admin" }];

export default function ComplianceSettingsPage({ loaderData }: Route.ComponentProps) {
  const { documents, expiring, today, canOpenFiles, agencyLicense } = loaderData;
  return (
    <>
      <PageHeader
        title="Compliance"
        description="The business's license, insurance, bond and background check, and every paper that runs out soon."
      />
      <SettingsBackLink />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Running out</CardTitle>
            <CardDescription>
              Lapsed, or within 30 days of their last day. The office is reminded 30 and 7 days
              before.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {expiring.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing runs out in the next 30 days.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {expiring.map((doc) => (
                  <li key={doc.id} className="flex flex-wrap gap-x-2">
                    {doc.locksmithId ? (
                      <Link
                        to={`/admin/locksmiths/${doc.locksmithId}`}
                        className="font-medium text-brand-700 underline-offset-4 hover:underline"
                      >
                        {doc.holder}
                      </Link>
                    ) : (
                      <span className="font-medium">{doc.holder}</span>
                    )}
                    <span>
                      {COMPLIANCE_KIND_LABELS[doc.kind]}:{" "}
                      {standingText(documentStanding(doc, today), doc, today)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <section aria-labelledby="business-papers" className="grid gap-4">
          <h2 id="business-papers" className="text-xl font-bold tracking-tight">
            The business's papers
          </h2>
          <Card>
            <CardHeader>
              <CardTitle as="h3">Agency license</CardTitle>
              <CardDescription>Set on the server (AGENCY_LICENSE_NUMBER).</CardDescription>
            </CardHeader>
            <CardContent className="text-sm">{agencyLicense ?? "Not set"}</CardContent>
          </Card>
          <ComplianceDocuments documents={documents} today={today} canOpenFiles={canOpenFiles} />
        </section>
      </div>
    </>
  );
}
