/**
 * What the live stream announces: a row of a table pages show changed. Shared by the server's
 * event bus and the browser, so plain values only. The core knows no table by name: each feature
 * registers its own (`liveTables` of its registration.ts) and the composition
 * (app/features-registry.ts) adds their names to `LiveTableNames`, so a name nobody registered is a
 * type error in a route's `handle` or a repository's announcement (decision 49).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the composition's declaration merging.
export interface LiveTableNames {}
export const CHANGE_ACTIONS = ["insert", "update", "delete"] as const;

export type LiveTable = keyof LiveTableNames & string;

export interface ChangeEvent {
  table: LiveTable;
  action: (typeof CHANGE_ACTIONS)[number];
  id: string;
}

/**
 * Per table, the newest change a process knows of (the database's stamp, see the live_versions
 * table); a table never changed is absent. A page carries the versions it was rendered with.
 */
export type LiveVersions = Partial<Record<LiveTable, number>>;

/** A change as the live stream sends it: with its table's version after it. */
export interface LiveChange extends ChangeEvent {
  version: number;
}
