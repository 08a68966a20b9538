import { useState } from "react";
import { useLocation } from "react-router";

/**
 * The answer to this page's last form post, kept until the visitor moves on. React Router forgets
 * `actionData` on every revalidation, and a live update is one: without this, a change announced by
 * someone else while she corrects a refused form would wipe its messages (and move the fields under
 * her finger). A navigation (a new location, including the next post) starts afresh.
 */
export function useLastActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const [last, setLast] = useState<{ key: string; data: T | undefined }>({ key, data: actionData });
  if (actionData !== undefined && (actionData !== last.data || key !== last.key)) setLast({ key, data: actionData });
  return actionData ?? (last.key === key ? last.data : undefined);
}
