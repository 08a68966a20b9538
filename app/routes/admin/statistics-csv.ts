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
  const chunks = statisticsCsv(database.db, from, to);
  const encoder = new TextEncoder();
  // Streamed a day at a time: a year's rows are never built into one string.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistiche-${from}-${to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
