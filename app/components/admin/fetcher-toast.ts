import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "~/components/toaster";

export interface ActionResult {
  ok: boolean;
  message: string;
}

/** Shows each result a fetcher receives as a toast, once; `onResult` runs with it (e.g. to close an editor). */
export function useFetcherToast(
  fetcher: FetcherWithComponents<unknown>,
  onResult?: (result: ActionResult) => void,
) {
  const seen = useRef<unknown>(null);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  useEffect(() => {
    const result = fetcher.data as ActionResult | undefined;
    if (!result || seen.current === result || typeof result.message !== "string") return;
    seen.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
    onResultRef.current?.(result);
  }, [fetcher.data]);
}
