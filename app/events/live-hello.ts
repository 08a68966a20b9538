import type { LiveTable } from "./change";

/**
 * The first event of every live stream: when the serving process last heard of a change to each
 * table, and when it started (it knows nothing earlier). A page compares them with the time it
 * was rendered, to catch a change made between its render and the stream's opening.
 */
export interface LiveHello {
  startedAt: number;
  changedAt: Partial<Record<LiveTable, number>>;
}

/**
 * Clocks of different machines (several instances) may differ by this much; a change this close
 * to the render counts as possibly missed (one refetch too many, never one too few).
 */
export const CLOCK_MARGIN_MS = 5000;

/** Whether a page rendered at `renderedAt`, showing `tables`, may have missed a change. */
export function missedChange(hello: LiveHello, tables: Iterable<string>, renderedAt: number): boolean {
  for (const table of tables) {
    const changed = hello.changedAt[table as LiveTable] ?? hello.startedAt;
    if (changed > renderedAt - CLOCK_MARGIN_MS) return true;
  }
  return false;
}
