import { redirect } from "react-router";
import { LEAD_INBOX_TEXT, leadInboxActionSchema } from "~/lib/schemas/lead-inbox";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { newAngiToken } from "~/server/lead-inbox/angi-mail.server";
import { setConnection } from "~/server/lead-inbox/thumbtack-angi-store.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import type { Route } from "./+types/lead-inbox";

/*
 * Settings → Sources' Thumbtack and Angi cards post here (decision 0073): an owner turns a
 * connection on or off, and is taken back to the page with the change.
 */

const BACK = "/admin/settings/sources";

export async function action({ request, context }: Route.ActionArgs) {
  requireOwner(context);
  const { db } = context.get(servicesContext).database;
  const actor = userActor(context);
  const saved = { toast: LEAD_INBOX_TEXT.saved, redirectTo: BACK };
  const failure = LEAD_INBOX_TEXT.saveFailed;
  return handleIntents(request, leadInboxActionSchema, {
    "thumbtack-connection": {
      failure,
      run: async ({ state }) => (
        await setConnection(db, "thumbtack", state === "on", actor, newAngiToken),
        saved
      ),
    },
    "angi-connection": {
      failure,
      run: async ({ state }) => (
        await setConnection(db, "angi", state === "on", actor, newAngiToken),
        saved
      ),
    },
  });
}

/** A GET here (a reload after a post) goes back to the page. */
export function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  return redirect(BACK);
}
