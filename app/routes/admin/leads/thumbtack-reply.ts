import { redirect } from "react-router";
import { LEAD_INBOX_TEXT, thumbtackReplySchema } from "~/lib/schemas/lead-inbox";
import { userActor } from "~/server/auth/session.server";
import {
  queueThumbtackReply,
  thumbtackApiFromEnv,
} from "~/server/lead-inbox/thumbtack-replies.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/thumbtack-reply";

/**
 * A reply to a Thumbtack lead, from its page (decision 0073): kept and sent through
 * Thumbtack's API by a durable timer; the page shows it sending, sent, or why not.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const actor = userActor(context);
  const api = thumbtackApiFromEnv(env);
  return handleIntents(request, thumbtackReplySchema, {
    "thumbtack-reply": {
      failure: LEAD_INBOX_TEXT.replyFailed,
      form: true,
      run: async ({ body }) => {
        await queueThumbtackReply(database.db, api, params.id, body, actor);
        return { toast: LEAD_INBOX_TEXT.replyQueued };
      },
    },
  });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/leads/${encodeURIComponent(params.id)}`);
}
