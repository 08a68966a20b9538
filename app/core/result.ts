/**
 * What a feature function answers: its value, or the reason it refused, as a code. No HTTP status
 * and no words for the page: the route turns a reason into its Italian message (the feature's
 * `messages.ts`) and answers through `respond` (docs/architecture.md, "One pipeline for an action").
 */
export type Result<Value = undefined, Reason extends string = string, Detail = unknown> =
  | { ok: true; value: Value }
  | { ok: false; reason: Reason; detail?: Detail };

/** A result that worked. */
export function succeeded(): { ok: true; value: undefined };
export function succeeded<Value>(value: Value): { ok: true; value: Value };
export function succeeded<Value>(value?: Value) {
  return { ok: true as const, value };
}

/** A result refused for `reason` (with what the page needs to explain it, when it needs more). */
export function refused<Reason extends string>(reason: Reason): { ok: false; reason: Reason };
export function refused<Reason extends string, Detail>(
  reason: Reason,
  detail: Detail,
): { ok: false; reason: Reason; detail: Detail };
export function refused<Reason extends string, Detail>(reason: Reason, detail?: Detail) {
  return detail === undefined ? { ok: false as const, reason } : { ok: false as const, reason, detail };
}
