import { useEffect, useRef } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { LiveChange, LiveTable, LiveVersions } from "~/core/events/change";
import { type LiveHello, missedChange } from "~/core/events/live-hello";

/** A route lists the tables whose changes should refresh it: `export const handle = { liveTables: [...] }`. */
export interface LiveHandle {
  liveTables?: LiveTable[];
}

/** A refetch answered with data older than a change announced to the page is repeated, a few times. */
const BEHIND_RETRY_MS = 300;
const MAX_BEHIND_RETRIES = 5;

/** A lost live connection is retried after 1, 2, 5, then every 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * One event stream per tab, open while the page shows a live list. A change
 * to a listed table revalidates the page's loaders; so does a connection (the
 * first, or a reconnect after the stream was down) whose greeting shows a change
 * newer than the versions the page's data was loaded with (`rendered`, from the root's loader).
 */
export function LiveUpdates({ rendered }: { rendered: LiveVersions | undefined }) {
  const matches = useMatches();
  const tables = [...new Set(matches.flatMap((m) => (m.handle as LiveHandle | undefined)?.liveTables ?? []))].sort();
  const key = tables.join(",");
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const renderedRef = useRef(rendered ?? {});
  renderedRef.current = rendered ?? {};
  // The newest version announced for each table this page shows. Another server process may answer
  // a refetch before it has heard of the change (its data still older): then the page asks again.
  const wantedRef = useRef<LiveVersions>({});
  const behindRetriesRef = useRef(0);

  useEffect(() => {
    if (!rendered || !key) return;
    const behind = key
      .split(",")
      .some((table) => (wantedRef.current[table as LiveTable] ?? 0) > (rendered[table as LiveTable] ?? 0));
    if (!behind) {
      behindRetriesRef.current = 0;
      return;
    }
    if (behindRetriesRef.current >= MAX_BEHIND_RETRIES) return;
    behindRetriesRef.current++;
    const timer = setTimeout(() => void revalidateRef.current(), BEHIND_RETRY_MS);
    return () => clearTimeout(timer);
  }, [rendered, key]);

  useEffect(() => {
    if (!key) return;
    const watched = new Set(key.split(","));
    // <html data-live="open"> while a greeted stream is open: from then on every change reaches the page
    // (the end-to-end tests wait for it instead of for time).
    const root = document.documentElement;
    let source: EventSource | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const want = (versions: LiveVersions) => {
      for (const table of watched) {
        const version = versions[table as LiveTable] ?? 0;
        if (version > (wantedRef.current[table as LiveTable] ?? 0)) wantedRef.current[table as LiveTable] = version;
      }
      behindRetriesRef.current = 0;
    };

    // Several changes in a burst cause one refetch.
    const refresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void revalidateRef.current(), 50);
    };

    const connect = () => {
      source = new EventSource("/events");
      source.onopen = () => {
        attempt = 0;
      };
      // Every connection, the first and each reconnect, starts with the greeting.
      source.addEventListener("hello", (event) => {
        const hello = JSON.parse((event as MessageEvent<string>).data) as LiveHello;
        root.dataset.live = "open";
        want(hello.versions);
        if (missedChange(hello, watched, renderedRef.current)) refresh();
      });
      source.addEventListener("change", (event) => {
        const detail = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
        if (!watched.has(detail.table)) return;
        want({ [detail.table]: detail.version });
        refresh();
      });
      source.onerror = () => {
        // Our own schedule, not the browser's fixed retry.
        source?.close();
        delete root.dataset.live;
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
      delete root.dataset.live;
    };
  }, [key]);

  return null;
}
