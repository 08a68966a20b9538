import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useAnnounce } from "./announce";

/**
 * What every action answers, with or without JavaScript: whether it worked,
 * the sentence to show, and for forms with fields Conform's reply (the
 * errors per field and the values as typed). Forms may add their own data.
 */
export interface ActionResult {
  ok: boolean;
  message: string;
  reply?: SubmissionResult<string[]>;
}

/**
 * Shows an action's result as a toast, once per result (a re-render or a
 * live refresh does not show it again); `onResult` runs with it, e.g. to
 * close an editor or move focus.
 */
export function useActionResult<T extends ActionResult>(result: T | undefined | null, onResult?: (result: T) => void) {
  const shown = useRef<unknown>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const announce = useAnnounce();
  useEffect(() => {
    if (!result || shown.current === result || !result.message) return;
    shown.current = result;
    announce(result.ok ? "success" : "error", result.message);
    onResultRef.current?.(result);
  }, [result, announce]);
}

/** The first message of a refused submission's errors (fields in the schema's order), with the name it belongs to. */
export function firstError(error: Record<string, string[] | null> | null | undefined): [string, string] | undefined {
  for (const [name, messages] of Object.entries(error ?? {})) {
    if (messages?.[0]) return [name, messages[0]];
  }
  return undefined;
}

/** What a change that failed for the server's own reason (already logged) tells the person. */
export const GENERIC_FAILURE = "Si è verificato un errore";
