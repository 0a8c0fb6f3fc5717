import { redirect } from "react-router";
import { LEAD_INBOX_TEXT, lsaReplySchema } from "~/lib/schemas/lead-inbox";
import { userActor } from "~/server/auth/session.server";
import { queueLsaReply } from "~/server/lead-inbox/lsa-replies.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/lsa-reply";

/**
 * A reply to a Google Local Services message lead, from its page (decision 0072): kept and
 * appended to the lead's conversation through the Google Ads API by a durable timer; the page
 * shows it sending, sent, or why not.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  const actor = userActor(context);
  return handleIntents(request, lsaReplySchema, {
    "lsa-reply": {
      failure: LEAD_INBOX_TEXT.replyFailed,
      form: true,
      run: async ({ body }) => {
        await queueLsaReply(database.db, params.id, body, actor);
        return { toast: LEAD_INBOX_TEXT.lsaReplyQueued };
      },
    },
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/leads/${encodeURIComponent(params.id)}`);
}
