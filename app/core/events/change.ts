/**
 * What the live stream announces: a row of a table pages show, or the site content,
 * changed. Shared by the server's event bus and the browser, so plain values only.
 * "booking" covers its appointments, visit types, time off and settings (whatever changes the free
 * times or the agenda), each announced by its id alone: no patient data.
 */
export const LIVE_TABLES = ["booking", "recipe_photos", "recipes", "reviews", "site_content"] as const;
export const CHANGE_ACTIONS = ["insert", "update", "delete"] as const;

export type LiveTable = (typeof LIVE_TABLES)[number];

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
