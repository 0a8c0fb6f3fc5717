import { z } from "zod";
import { id, intent } from "./fields";

/** The dashboard's actions: a lead from a missed call in the call-back queue. */
export const dashboardActionSchema = z.discriminatedUnion("intent", [
  intent("make-lead", { callId: id() }),
]);
