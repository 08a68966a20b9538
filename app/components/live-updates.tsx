import { useEffect, useRef } from "react";
import { useMatches, useRevalidator, useRouteLoaderData } from "react-router";
import type { ChangeEvent, LiveTable } from "~/events/change";
import { type LiveHello, missedChange } from "~/events/live-hello";
import type { loader as rootLoader } from "~/root";

/** A route lists the tables whose changes should refresh it: `export const handle = { liveTables: [...] }`. */
export interface LiveHandle {
  liveTables?: LiveTable[];
}

/** A lost live connection is retried after 1, 2, 5, then every 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * One event stream per tab, open while the page shows a live list. A change
 * to a listed table revalidates the page's loaders; so does every reconnect,
 * which catches up on whatever happened while the stream was down, and a first
 * connection whose greeting shows a change the page may have been rendered without.
 */
export function LiveUpdates() {
  const matches = useMatches();
  const tables = [...new Set(matches.flatMap((m) => (m.handle as LiveHandle | undefined)?.liveTables ?? []))].sort();
  const key = tables.join(",");
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const renderedAt = useRouteLoaderData<typeof rootLoader>("root")?.renderedAt ?? 0;
  const renderedAtRef = useRef(renderedAt);
  renderedAtRef.current = renderedAt;

  useEffect(() => {
    if (!key) return;
    const watched = new Set(key.split(","));
    let source: EventSource | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let greeted = false;

    // Several changes in a burst cause one refetch.
    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void revalidateRef.current(), 50);
    };

    const connect = () => {
      source = new EventSource("/events");
      source.onopen = () => {
        if (attempt > 0) refresh();
        attempt = 0;
      };
      source.addEventListener("hello", (event) => {
        // Later connections refresh on opening anyway.
        if (greeted) return;
        greeted = true;
        const hello = JSON.parse((event as MessageEvent<string>).data) as LiveHello;
        if (missedChange(hello, watched, renderedAtRef.current)) refresh();
      });
      source.addEventListener("change", (event) => {
        const detail = JSON.parse((event as MessageEvent<string>).data) as ChangeEvent;
        if (!watched.has(detail.table)) return;
        refresh();
      });
      source.onerror = () => {
        // Our own schedule, not the browser's fixed retry.
        source?.close();
        if (stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
        attempt++;
        retryTimer = setTimeout(connect, delay);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
      source?.close();
    };
  }, [key]);

  return null;
}
