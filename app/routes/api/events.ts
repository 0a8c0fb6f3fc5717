import { REQUEST } from "~/lib/ui-text-shell";
import { isApproved } from "~/lib/auth/roles";
import { getSessionUser, type SessionUser } from "~/server/auth/session.server";
import { mustEnrolFirst } from "~/server/auth/two-factor-gate.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { parseLiveCursor } from "~/lib/admin/live-cursor";
import { changeEventStream, streamUnavailable } from "~/server/live/event-stream.server";
import { replaySince } from "~/server/live/live-replay.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/events";

/**
 * Live changes for signed-in, approved users only, for as long as they stay so. While the
 * database is away (the session cannot be read, or the change feed is down): 503, and the
 * page tries again with backoff. A reconnecting browser is first replayed the announcements
 * it missed: since `Last-Event-ID` (EventSource's own reconnect) or else `?since=` (the
 * page's new stream after a refusal). `?mark=` lets the first stream say the page is current.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { changes, announcements, database } = context.get(servicesContext);
  let user: SessionUser | null;
  let enrolFirst = false;
  try {
    user = await getSessionUser(request, context);
    // Someone an owner's two-factor rule holds at enrolment gets no live data either.
    enrolFirst = user !== null && (await mustEnrolFirst(context, user));
  } catch (error) {
    logger.warn({ err: error }, "Live updates refused: the session could not be read");
    return streamUnavailable(REQUEST.databaseDown);
  }
  if (!user || !isApproved(user.role) || enrolFirst) {
    return new Response("Sign in with an approved account.", {
      status: 401,
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (!changes.connected) return streamUnavailable(REQUEST.databaseDown);
  // `?check`: the page asks why its stream was refused (live-stream.ts); the answer is the
  // status a stream would get, without opening one.
  const search = new URL(request.url).searchParams;
  if (search.has("check")) {
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  const { id: userId, sessionId } = user;
  const cursor =
    parseLiveCursor(request.headers.get("Last-Event-ID")) ?? parseLiveCursor(search.get("since"));
  return changeEventStream(changes, request.signal, {
    announcements,
    // `?mark=`: where the feed stood when the page's data was read (the admin layout's).
    mark: search.get("mark"),
    replay: () => replaySince(database.db, cursor),
    viewer: {
      userId,
      sessionId,
      async stillAllowed() {
        const now = await getSessionUser(request, context);
        return (
          now?.sessionId === sessionId &&
          isApproved(now.role) &&
          !(await mustEnrolFirst(context, now))
        );
      },
    },
  });
}
