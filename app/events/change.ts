/**
 * What the live stream announces: a row of a public table, or the site content,
 * changed. Shared by the server's event bus and the browser, so plain values only.
 */
export const LIVE_TABLES = ["recipe_photos", "reviews", "site_content"] as const;
export const CHANGE_ACTIONS = ["insert", "update", "delete"] as const;

export type LiveTable = (typeof LIVE_TABLES)[number];

export interface ChangeEvent {
  table: LiveTable;
  action: (typeof CHANGE_ACTIONS)[number];
  id: string;
}
