import { data } from "react-router";
import { ID_PHOTO_TEXT } from "~/lib/door-check/id-photo";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { complianceFileStore } from "~/server/compliance/file-store.server";
import { isUuid } from "~/server/db/list-query.server";
import { DOOR_CHECK_ACTIONS } from "~/server/door-check/door-checks.server";
import { configuredPhotoCipher } from "~/server/door-check/id-photo-cipher.server";
import { openIdPhoto } from "~/server/door-check/id-photos.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { RuleError } from "~/server/rule-error.server";
import { orNotFound } from "~/server/route-helpers/or-not-found.server";
import type { Route } from "./+types/door-check-photo";

/*
 * A door check's redacted ID photo (decision 0077): owners only (403 before anything is read),
 * each opening logged as an opening of the record, never cached, shown inline on the owner's
 * record screen and nowhere else.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireOwner(context);
  if (!isUuid(params.id)) throw data(ID_PHOTO_TEXT.noPhoto, { status: 404 });
  const { database, env } = context.get(servicesContext);
  const photo = await orNotFound(
    openIdPhoto(
      database.db,
      { store: complianceFileStore(env), cipher: configuredPhotoCipher(env) },
      params.id,
      userActor(context),
      DOOR_CHECK_ACTIONS.opened,
    ),
  ).catch((error: unknown) => {
    // A photo kept, and no key on this server to open it.
    if (error instanceof RuleError && error.status === 503) {
      throw data(error.message, { status: 503 });
    }
    throw error;
  });
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(photo.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
