import type { LiveVersions } from "./change";

/**
 * The first event of every live stream: the newest change the serving process knows of, per
 * table. A page compares them with the versions it was rendered with, to catch a change made
 * between its render and the stream's opening (or while it was disconnected).
 */
export interface LiveHello {
  versions: LiveVersions;
}

/** Whether a page rendered with `rendered` versions, showing `tables`, missed a change. */
export function missedChange(hello: LiveHello, tables: Iterable<string>, rendered: LiveVersions): boolean {
  for (const table of tables) {
    const key = table as keyof LiveVersions;
    if ((hello.versions[key] ?? 0) > (rendered[key] ?? 0)) return true;
  }
  return false;
}
