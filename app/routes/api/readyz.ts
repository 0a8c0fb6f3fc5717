import { servicesContext } from "~/server/route-helpers/context.server";
import { pingDatabase } from "~/server/db/database.server";
import type { Route } from "./+types/readyz";

/** Readiness: the database answers a query, else 503 so a load balancer skips us. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const headers = { "Cache-Control": "no-store" };
  try {
    const ms = await withTimeout(pingDatabase(database.db), 2000);
    return Response.json(
      { status: "ready", database: { ok: true, ms: Math.round(ms * 10) / 10 } },
      { headers },
    );
  } catch (error) {
    return Response.json(
      { status: "unavailable", database: { ok: false, error: (error as Error).message } },
      { status: 503, headers },
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}
