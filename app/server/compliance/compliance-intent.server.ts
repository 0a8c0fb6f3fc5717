import type { RouterContextProvider } from "react-router";
import { COMPLIANCE_KIND_LABELS } from "~/lib/compliance/documents";
import type { ComplianceDocumentForm } from "~/lib/schemas/compliance";
import { userActor } from "../auth/session.server";
import { servicesContext } from "../route-helpers/context.server";
import type { IntentHandler } from "../route-helpers/intents.server";
import { saveComplianceDocument, type Holder } from "./compliance.server";
import { complianceFileStore } from "./file-store.server";

/**
 * The "compliance" intent of a page that shows a compliance file (a locksmith's page, Settings
 * → Compliance): record or replace one document, with or without a new file.
 */
export function complianceIntent(
  context: Readonly<RouterContextProvider>,
  locksmithId: Holder,
): IntentHandler<ComplianceDocumentForm> {
  const { database, env } = context.get(servicesContext);
  const actor = userActor(context);
  return {
    failure: "Failed to save the document",
    form: true,
    run: async ({ kind, provider, reference, amount, expiresOn, checkedOn, file }) => {
      await saveComplianceDocument(
        database.db,
        complianceFileStore(env),
        {
          locksmithId,
          kind,
          provider,
          reference,
          amountCents: amount,
          expiresOn,
          checkedOn,
          file:
            file && file.size > 0
              ? { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }
              : null,
        },
        actor,
      );
      return { toast: `${COMPLIANCE_KIND_LABELS[kind]} saved` };
    },
  };
}
