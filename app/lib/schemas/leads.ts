import { z } from "zod";
import { LEAD_STATUSES, SERVICE_TYPES } from "../business-enums";
import { FIELD } from "../messages";
import { id, intent, optionalText, phone, requiredText } from "./fields";

const leadFields = {
  name: requiredText(FIELD.nameRequired, 100, "Name"),
  phone,
  serviceType: z.enum(SERVICE_TYPES, { error: FIELD.serviceType }),
  /** Free text (the spec's example is 60601): what the caller said. */
  zip: optionalText(20, "ZIP"),
  details: optionalText(2000, "Details"),
};

/** Add Lead: a call the operator takes down by hand. */
export const leadCreateSchema = intent("create", leadFields);

/** The Leads page's actions. */
export const leadActionSchema = z.discriminatedUnion("intent", [
  leadCreateSchema,
  intent("status", {
    leadId: id(),
    status: z.enum(LEAD_STATUSES, { error: FIELD.chooseStatus }),
  }),
  /** Assigning also moves the lead to in_progress (the spec). */
  intent("assign", { leadId: id(), locksmithId: id(FIELD.chooseLocksmith) }),
  intent("create-job", { leadId: id(FIELD.chooseLead) }),
]);
