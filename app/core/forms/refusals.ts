/**
 * A feature's refusals, one table in its `messages.ts`: for each reason its functions return, the
 * sentence the person reads and the HTTP status the route answers with. Routes answer a refused
 * result through `sayRefusal`, never with a status table of their own.
 */
export interface Refusal {
  readonly message: string;
  readonly status: RefusalStatus;
}

/** The statuses a refusal answers with: the person's (4xx), or the server's for what she cannot fix (5xx). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503;

/** A feature's refusal table: every reason of `Reason` has its message and status. */
export type Refusals<Reason extends string = string> = { readonly [R in Reason]: Refusal };

/** Declares a feature's refusal table, each entry checked as a `Refusal`, its reasons kept as its keys. */
export function refusalTable<const T extends Record<string, Refusal>>(table: T): T {
  return table;
}

/**
 * A refused result as the route answers it: the `ActionResult` for `respond` (with what the form adds:
 * Conform's reply, the values as typed) and the status, both from the feature's table.
 */
export function sayRefusal<Reason extends string, Extra extends object = object>(
  table: Refusals<Reason>,
  reason: Reason,
  extra?: Extra,
): { answer: { ok: false; message: string } & Extra; status: RefusalStatus } {
  const { message, status } = table[reason];
  return { answer: { ok: false as const, message, ...(extra as Extra) }, status };
}
