import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

/**
 * Code that holds a pooled connection (a transaction's callback) and asks the pool for another
 * waits for itself once every connection is held that way: four bookings at once froze every page
 * until a restart. The rule is kept here, where the pool is: inside a transaction everything goes
 * through its executor, or is read before it begins (decision 0046).
 */
export class ConnectionHeldError extends Error {
  override name = "ConnectionHeldError";
  constructor() {
    super(
      "A pooled connection was asked for while this code holds one (inside a transaction): use the transaction's executor, or read it before the transaction begins.",
    );
  }
}

/** The transaction whose callback this async context runs in; `open` turns false when it ends. */
const holding = new AsyncLocalStorage<{ open: boolean }>();

/** Whether this code runs inside a transaction that still holds its connection. */
export const holdsConnection = () => holding.getStore()?.open === true;

/**
 * Runs a transaction's callback marked as holding its connection. The mark ends with the callback:
 * work it left running (a send, an announcement) may use the pool once the transaction is over.
 */
export async function whileHolding<T>(work: () => Promise<T>): Promise<T> {
  const mark = { open: true };
  try {
    // Awaited inside the mark: a callback may return one of drizzle's lazy queries, which runs only
    // when awaited, and would otherwise run outside it.
    return await holding.run(mark, async () => await work());
  } finally {
    mark.open = false;
  }
}

/** Makes the pool refuse, with ConnectionHeldError, a connection asked for while one is held (pool.query asks through connect). */
export function refuseWhileHolding(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!holdsConnection()) return connect(callback);
    const error = new ConnectionHeldError();
    if (!callback) return Promise.reject(error);
    process.nextTick(callback, error);
    return undefined;
  }) as pg.Pool["connect"];
}
