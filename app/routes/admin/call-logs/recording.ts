import { servicesContext } from "~/server/route-helpers/context.server";
import { streamCallRecording } from "~/server/phones/recordings.server";
import type { Route } from "./+types/recording";

/**
 * A call's recording, played or downloaded (?download=1) through us: Twilio's URL and the
 * account's credentials stay on the server. The admin layout's middleware has checked the user.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  return streamCallRecording({ db: database.db, env, id: params.id, request });
}
