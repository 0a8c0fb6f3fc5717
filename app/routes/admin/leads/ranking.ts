import { data } from "react-router";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readLeadRanking } from "~/server/dispatch/locksmith-ranking.server";
import type { Route } from "./+types/ranking";

/**
 * The Dispatch dialog's ranked locksmiths for one lead, read when the dialog opens from the
 * Leads list (the lead page reads them in its own loader). Signed-in operators only: the
 * admin layout's middleware checks the session and role first.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const ranking = await readLeadRanking(db, params.id);
  if (!ranking) throw data("This lead does not exist (any more).", { status: 404 });
  return ranking;
}
