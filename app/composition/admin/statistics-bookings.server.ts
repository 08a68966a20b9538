// The booking funnel's counts for the statistics, read here in the composition:
// the statistics feature names no other feature, and only counts leave this query.
import { sql } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { rowsOf } from "~/core/db/rows";
import type { BookingCounts, BookingDay } from "~/features/statistics/statistics.server";

/** Per day in Italy: appointments made (any outcome since) and those of visit types she confirms by hand. */
export function bookingCounts(db: Db): BookingCounts {
  return async (from, to) =>
    rowsOf<BookingDay>(
      await db.execute(sql`
        select (a.created_at at time zone 'Europe/Rome')::date::text as day,
               count(*)::int as made,
               count(*) filter (where v.confirmation = 'request')::int as requests
          from appointments a join visit_types v on v.id = a.visit_type_id
         where (a.created_at at time zone 'Europe/Rome')::date between ${from}::date and ${to}::date
         group by 1`),
    );
}
