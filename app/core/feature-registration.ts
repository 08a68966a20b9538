/**
 * What a feature hands the core, declared in its own `registration.ts` and put together by the
 * composition (app/features-registry.ts): the core names no feature (decision 49). Plain values
 * only: the browser (live tables) and the build's configuration (page families) read them too.
 * A feature's background jobs are registered the same way, from its server code
 * (`ScheduledJob`, app/core/jobs/scheduler.server.ts).
 */
export interface FeatureRegistration {
  /** The tables whose changes it announces on the live stream (`ChangeEvent.table`). */
  readonly liveTables?: readonly string[];
  /**
   * Its public pages the page cache keeps (app/core/server/page-cache.ts): an exact path, or a
   * pattern for a family of addresses (each recipe's page); only a GET without query string or cookie.
   */
  readonly cachedPages?: readonly CachedPage[];
  /**
   * Route files (their name without extension) whose pages a visitor goes through together, and the
   * family they belong to: what only they share goes in one chunk (vite.config.ts).
   */
  readonly pageFamilies?: Readonly<Record<string, string>>;
  /**
   * Addresses another site may post to (the whole-site Origin check lets them through): only an
   * action that must work from outside our pages, such as a mail program's one-click unsubscribe.
   */
  readonly foreignPosts?: readonly RegExp[];
}

export type CachedPage = string | RegExp;
