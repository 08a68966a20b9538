import pg from "pg";
import { describe, expect, it } from "vitest";
import { siteTables } from "~/composition/site-schema";
import { openDatabase } from "~/core/db/database.server";
import { createPostgresDatabase } from "../../../tests/support/test-databases";
import { findSequenceOwner, restorableTables } from "./known-tables.server";

describe("the tables a restore may load", () => {
  const known = restorableTables(siteTables);

  it("are exactly the tables, columns and sequences the migrations create", async () => {
    const url = await createPostgresDatabase();
    const database = await openDatabase({ url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ schema: string; name: string; columns: string[] }>(
        `select n.nspname as schema, c.relname as name,
                array_agg(a.attname::text order by a.attname) as columns
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')
          group by 1, 2`,
      );
      const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
      expect(
        known
          .map((t) => ({ schema: t.schema, name: t.name, columns: [...t.columns].sort() }))
          .sort((a, b) => key(a).localeCompare(key(b))),
      ).toEqual(tables.sort((a, b) => key(a).localeCompare(key(b))));

      // Each sequence is found by its name, and it is the one its column owns.
      const { rows: sequences } = await client.query<{ schema: string; name: string }>(
        `select schemaname as schema, sequencename as name from pg_sequences where schemaname in ('public', 'drizzle')`,
      );
      expect(sequences.length).toBeGreaterThan(0);
      for (const sequence of sequences) {
        const owner = findSequenceOwner(known, sequence.schema, sequence.name);
        expect(owner, key(sequence)).toBeDefined();
        const { rows } = await client.query<{ owned: string }>(`select pg_get_serial_sequence($1, $2) as owned`, [
          `"${owner!.table.schema}"."${owner!.table.name}"`,
          owner!.column,
        ]);
        expect(rows[0]!.owned.replaceAll('"', "")).toBe(key(sequence));
      }
    } finally {
      await client.end();
      await database.close();
    }
  });
});
