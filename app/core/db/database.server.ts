import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { refuseWhileHolding, whileHolding } from "./held-connection.server";
import { DatabaseUnavailableError } from "./unavailable.server";

// No schema handed to Drizzle: it needs one only for relational queries (`db.query`), which the site
// does not use; every query names its tables, each declared by its feature (decision 81).
export type Db = PgDatabase<PgQueryResultHKT>;
/**
 * What a database handle or an open transaction can run: a function that may run inside its
 * caller's transaction takes one, so it never asks the pool while the caller holds a connection.
 */
export type Executor = Pick<Db, "insert" | "select" | "update" | "execute">;

export interface Database {
  db: Db;
  /** Throws unless the database answers a query within `timeoutMs` (a probe's own bound). */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgresql://… of the server (the embedded one, or DATABASE_URL). */
  url: string;
  migrationsFolder?: string;
  /** Connections this process may hold at once. */
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** False leaves the schema as it is (restoring a backup brings its own). */
  migrate?: boolean;
  /**
   * "request" (the server's pages) unless a command's long statements need "maintenance"; a test
   * that measures something else than the bounds may give its own.
   */
  limits?: keyof typeof DATABASE_LIMITS | DatabaseLimits;
}

/** Migrations, commands: whole tables at a time. */
const MAINTENANCE_LIMITS = {
  connectMs: 10_000,
  statementMs: 30 * 60_000,
  lockMs: 2 * 60_000,
  idleInTransactionMs: 30 * 60_000,
  queryMs: 31 * 60_000,
} as const;

/**
 * How long anything may wait on PostgreSQL (decision 0044). A page's queries take milliseconds:
 * past these bounds the database is stalled or overloaded and the visitor gets "riprova tra poco"
 * rather than a page that never comes. Maintenance (migrations, backups, restores, commands) moves
 * whole tables and gets generous bounds, still bounds.
 */
export interface DatabaseLimits {
  connectMs: number;
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** 0: no bound here (the server's still hold). */
  queryMs: number;
}

export const DATABASE_LIMITS: Record<"request" | "maintenance" | "copy", DatabaseLimits> = {
  request: {
    /** A new connection, or a free one from the pool. */
    connectMs: 3_000,
    /** Enforced by the server, which cancels the statement and keeps the connection usable. */
    statementMs: 4_000,
    /** A row or table lock held by someone else. */
    lockMs: 3_000,
    /** A transaction left open (its process stuck or stopped) loses its locks and its connection. */
    idleInTransactionMs: 10_000,
    /** Enforced here, for a server that enforces nothing (stopped, or the network gone). */
    queryMs: 5_000,
  },
  maintenance: MAINTENANCE_LIMITS,
  /**
   * COPY streams (backup, restore): as maintenance, without the bound here. pg-copy-streams never
   * completes pg's `query_timeout` timer: it would keep a finished command alive for its length,
   * then fail the finished stream. The server's timeouts and keepalive still hold.
   */
  copy: { ...MAINTENANCE_LIMITS, queryMs: 0 },
} as const;

/**
 * The settings of a connection bounded by `limits`: the server's timeouts go in the start-up
 * message (no extra round trip), keepalive finds a peer gone without a word.
 */
export function boundedConnection(url: string, limits: DatabaseLimits): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: limits.connectMs,
    statement_timeout: limits.statementMs,
    lock_timeout: limits.lockMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    query_timeout: limits.queryMs || undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A pool connection that is never handed out again once a query on it timed out here. pg answers
 * the caller with "Query read timeout" but leaves the query pending on the connection: everything
 * queued after it would wait behind it. So the connection is closed and given back to the pool as
 * broken, also when its holder never releases it (Drizzle's transaction leaks the connection when
 * `begin` fails). Its `release` may therefore be called twice; the second call does nothing.
 */
class BoundedClient extends pg.Client {
  #release: ((error?: Error | boolean) => void) | undefined;

  constructor(config?: pg.ClientConfig) {
    super(config);
    // Lost while checked out, the pool has no listener on it: its queries fail, the pool drops it.
    this.on("error", (error) => this.#retire(error));
  }

  get release() {
    return this.#release;
  }

  set release(release: ((error?: Error | boolean) => void) | undefined) {
    let released = false;
    this.#release = (error) => {
      if (released) return;
      released = true;
      release?.(error);
    };
  }

  #retire(error: Error) {
    this.#release?.(error);
    this.end().catch(() => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query unchanged
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.#retire(error);
      });
    return result;
  }
}

/** pg's error for a query past `query_timeout` (pg 8.23, lib/client.js). */
const QUERY_READ_TIMEOUT = "Query read timeout";

export const defaultMigrationsFolder = () => path.resolve(process.cwd(), "drizzle");

/** Any number to name the lock every process takes while it migrates. */
const MIGRATION_LOCK = 7_406_215;

/**
 * Several processes or instances may start at once: one migrates at a time,
 * the others then find nothing left to do.
 */
async function migrateOnce(url: string, migrationsFolder: string) {
  // On a connection of its own with maintenance bounds: a migration may rewrite a whole table, and
  // waits for another process's migration to end.
  const lock = new pg.Client(boundedConnection(url, DATABASE_LIMITS.maintenance));
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(lock), { migrationsFolder });
  } finally {
    await lock.end();
  }
}

/** Connects to PostgreSQL and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const limits = typeof options.limits === "object" ? options.limits : DATABASE_LIMITS[options.limits ?? "request"];
  const pool = new pg.Pool({
    ...boundedConnection(options.url, limits),
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? "site",
    Client: BoundedClient as unknown as new () => pg.ClientBase,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzle(pool) as unknown as Db;
  // Never a second connection asked for while a transaction holds one (decision 0046).
  refuseWhileHolding(pool);
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => transaction((tx) => whileHolding(() => work(tx)), config);
  try {
    if (options.migrate !== false)
      await migrateOnce(options.url, options.migrationsFolder ?? defaultMigrationsFolder());
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    ping: (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseUnavailableError(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([db.execute(sql`select 1`).then(() => {}), timedOut]).finally(() => clearTimeout(timer));
    },
    close: () => pool.end(),
  };
}
