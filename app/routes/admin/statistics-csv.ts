import type { Route } from "./+types/statistics-csv";
import { addDays, romeDate } from "~/core/format/rome-clock";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { periodFrom } from "~/features/statistics/statistics-schema";
import { statisticsCsv } from "~/features/statistics/statistics.server";
import { servicesContext } from "~/context";

/** The chosen period's aggregates as a CSV download; only for a signed-in administrator. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { database } = context.get(servicesContext);
  const days = periodFrom(new URL(request.url).searchParams.get("giorni"));
  const to = romeDate(Date.now());
  const from = addDays(to, -(days - 1));
  return new Response(await statisticsCsv(database.db, from, to), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistiche-${from}-${to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
