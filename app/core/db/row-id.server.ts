import { z } from "zod";

/**
 * Whether `id` can be a row's id (a uuid, in any version). Anything else names no row: answered as
 * not found without a query, which PostgreSQL would refuse with an error instead.
 */
export const isRowId = (id: string) => z.guid().safeParse(id).success;
