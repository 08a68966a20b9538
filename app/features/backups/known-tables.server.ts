import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE } from "./migrations.server";

/** A table a restore may load, named as the code names it. */
export interface RestorableTable {
  schema: string;
  name: string;
  /** The columns COPY may fill: all but the generated ones, which the database computes. */
  columns: readonly string[];
}

/**
 * The application's tables as the code declares them (`tables`: every table of the site, which the
 * composition puts together, app/composition/site-schema.ts), and the migrations bookkeeping
 * (migrations.server.ts creates it). A backup's manifest only picks among these: its own names never
 * reach the SQL a restore runs.
 */
export function restorableTables(tables: readonly PgTable[]): readonly RestorableTable[] {
  return [
    ...tables.map((table) => {
      const config = getTableConfig(table);
      return {
        schema: config.schema ?? "public",
        name: config.name,
        columns: config.columns.filter((column) => !column.generated).map((column) => column.name),
      };
    }),
    { schema: MIGRATIONS_SCHEMA, name: MIGRATIONS_TABLE, columns: ["id", "hash", "created_at"] },
  ];
}

export function findRestorableTable(
  known: readonly RestorableTable[],
  schemaName: string,
  name: string,
): RestorableTable | undefined {
  return known.find((table) => table.schema === schemaName && table.name === name);
}

/**
 * The table and column a sequence belongs to, by PostgreSQL's default name for a serial or
 * identity column's sequence (`<table>_<column>_seq`, the only kind the migrations make).
 */
export function findSequenceOwner(
  known: readonly RestorableTable[],
  schemaName: string,
  name: string,
): { table: RestorableTable; column: string } | undefined {
  for (const table of known) {
    if (table.schema !== schemaName) continue;
    const column = table.columns.find((c) => `${table.name}_${c}_seq` === name);
    if (column) return { table, column };
  }
  return undefined;
}
