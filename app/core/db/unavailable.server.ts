import type { Logger } from "pino";

/** Seconds a visitor is asked to wait (Retry-After) while the database does not answer. */
export const RETRY_AFTER_SECONDS = 10;

/** The database did not answer in time, or a render found it so (not a driver's error). */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** pg's own errors for a connection it could not make or gave up on (pg 8.23, pg-pool 3). */
const CLIENT_MESSAGES = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Query read timeout",
  "Client was closed and is not queryable",
  "Client has encountered a connection error and is not queryable",
]);

/** A socket that could not reach the server, or lost it. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's answers meaning "not now": shutting down or starting (57P0x), too many connections
 * or out of resources (53xxx), a bound of decision 0044 reached (statement, lock, idle transaction).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "57014", "55P03", "25P03"]);

function isUnavailableHere(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError || CLIENT_MESSAGES.has(error.message)) return true;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code !== "string") return false;
  // A Unix socket that is not there: the embedded server is down (ENOENT on anything else is not ours).
  if (syscall === "connect" && (code === "ENOENT" || SOCKET_CODES.has(code))) return true;
  return SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08") || code.startsWith("53");
}

/** The error in `error`'s causes that says the database cannot answer now; Drizzle wraps the driver's. */
function unavailableCause(error: unknown): Error | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (isUnavailableHere(e)) return e as Error;
  return undefined;
}

/**
 * Whether `error` says the database cannot answer now (stalled, down, restarting, overloaded), not
 * that the request or the code is wrong: the visitor gets 503 "riprova tra poco".
 */
export const isDatabaseUnavailable = (error: unknown): boolean => unavailableCause(error) !== undefined;

const REPORT_EVERY_MS = 10_000;
let lastReportAt = 0;
let unreported = 0;

/**
 * Logs a database outage as a warning, once per 10 s with the count of the requests refused
 * meanwhile: while the database is down, every request would otherwise log the same error.
 */
export function reportDatabaseUnavailable(logger: Pick<Logger, "warn">, error: unknown): void {
  const now = Date.now();
  if (now - lastReportAt < REPORT_EVERY_MS) {
    unreported++;
    return;
  }
  // The driver's or the server's own words: Drizzle's wrapper quotes the query's parameters.
  const reason = (unavailableCause(error)?.message ?? "unknown").slice(0, 200);
  logger.warn({ reason, refusedSinceLast: unreported }, "database unavailable: answering 503");
  lastReportAt = now;
  unreported = 0;
}
