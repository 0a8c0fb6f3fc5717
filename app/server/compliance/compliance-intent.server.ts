import type { RouterContextProvider } from "react-router";
import { COMPLIANCE_KIND_LABELS } from "~/lib/compliance/documents";
import type { ComplianceDocumentForm, removeComplianceSchema } from "~/lib/schemas/compliance";
import type { z } from "zod";
import { requireOwner, userActor } from "../auth/session.server";
import { servicesContext } from "../route-helpers/context.server";
import type { IntentHandler } from "../route-helpers/intents.server";
import { removeComplianceDocument, saveComplianceDocument, type Holder } from "./compliance.server";
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

/** The "removeCompliance" intent: an owner removes one document and its file (decision 0068). */
export function removeComplianceIntent(
  context: Readonly<RouterContextProvider>,
  locksmithId: Holder,
): IntentHandler<z.output<typeof removeComplianceSchema>> {
  const { database, env } = context.get(servicesContext);
  return {
    failure: "Failed to remove the document",
    run: async ({ kind }) => {
      const owner = requireOwner(context);
      await removeComplianceDocument(database.db, complianceFileStore(env), locksmithId, kind, {
        kind: "user",
        id: owner.id,
        name: owner.name,
      });
      return { toast: `${COMPLIANCE_KIND_LABELS[kind]} removed` };
    },
  };
}
