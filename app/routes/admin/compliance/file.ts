import { requireOwner, userActor } from "~/server/auth/session.server";
import { openComplianceFile } from "~/server/compliance/compliance.server";
import { complianceFileStore } from "~/server/compliance/file-store.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/file";

/**
 * One compliance file, for owners only (issue 45): anyone else gets 403 before anything is
 * read. Each opening is in the activity log. Sent as an attachment under our own name, its
 * type from its sniffed bytes, never sniffed again by the browser, never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const opened = await openComplianceFile(
    database.db,
    complianceFileStore(env),
    params.fileId,
    userActor(context),
  );
  if (!opened) throw new Response("This file does not exist (any more).", { status: 404 });
  return new Response(opened.body, {
    headers: {
      "Content-Type": opened.contentType,
      "Content-Length": String(opened.sizeBytes),
      "Content-Disposition": `attachment; filename="${opened.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
