import { data } from "react-router";
import { z } from "zod";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { csvDownload } from "~/server/route-helpers/csv-export.server";
import { RuleError } from "~/server/rule-error.server";
import { configuredTinCipher, TinKeyError } from "~/server/tax/tin-cipher.server";
import { irisExport } from "~/server/tax/year-end.server";
import type { Route } from "./+types/iris-csv";

/*
 * The year's IRIS 1099-NEC CSV (decision 0070), owners only: the one answer that carries full
 * taxpayer numbers, decrypted as it is made. Never cached; the download is logged (without
 * them). When it cannot be made, the sentence the year-end page shows, as a 409.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireOwner(context);
  const year = z.coerce.number().int().min(2000).max(2100).safeParse(params.year);
  if (!year.success) throw data("Not a year.", { status: 404 });
  const { database, env } = context.get(servicesContext);
  try {
    const { csv } = await irisExport(
      database.db,
      configuredTinCipher(env),
      year.data,
      userActor(context),
    );
    return csvDownload([csv], `iris-1099-nec-${year.data}.csv`);
  } catch (error) {
    // A number that does not decrypt (another key): said, never half a file.
    if (error instanceof RuleError || error instanceof TinKeyError) {
      return new Response(error.message, {
        status: error instanceof RuleError ? error.status : 409,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "private, no-store",
        },
      });
    }
    throw error;
  }
}
