import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

/*
 * The migrations bookkeeping is Drizzle's: one row per applied migration in
 * drizzle.__drizzle_migrations (hash of the SQL file, the journal's "when").
 * Restore replays migrations inside its own transaction, so it reads the same
 * files and writes the same rows as Drizzle's migrator does.
 */
export const MIGRATIONS_SCHEMA = "drizzle";
export const MIGRATIONS_TABLE = "__drizzle_migrations";

export interface MigrationFile {
  tag: string;
  /** The journal's timestamp: Drizzle's created_at, and its order. */
  createdAt: number;
  hash: string;
  statements: string[];
}

export function readMigrations(migrationsFolder: string): MigrationFile[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  return files.map((file, i) => ({
    tag: journal.entries[i]!.tag,
    createdAt: file.folderMillis,
    hash: file.hash,
    statements: file.sql,
  }));
}

export const createMigrationsTableSql = [
  `create schema if not exists "${MIGRATIONS_SCHEMA}"`,
  `create table if not exists "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" (id serial primary key, hash text not null, created_at bigint)`,
];
