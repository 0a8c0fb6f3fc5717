import { FIELD } from "../ui-text";
import { z } from "zod";
import { id, intent } from "./fields";

/** The outbox's row buttons: send a failed or interrupted text again, or give up on it. */
export const messageActionSchema = z.discriminatedUnion("intent", [
  intent("resend", { messageId: id(FIELD.missingId) }),
  intent("drop", { messageId: id(FIELD.missingId) }),
]);
