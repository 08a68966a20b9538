import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** When a row was written: every table's `created_at`. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A value list as SQL literals, for a check constraint built from it (`… in (${quoted(list)})`). */
export const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
