// The page views of kept pages the HTTPS front answered from their files (server/kept-page-files.ts):
// Caddy writes one access-log line for each to a file under DATA_DIR/https/views, which the supervisor
// reads a few times a second, in bulk, and deletes as it goes; it hands the views to a server, which
// counts them. A file rather than Caddy's standard error: read line by line from a pipe, the lines
// cost the supervisor ten times their parsing in wake-ups, on every answer.
import { closeSync, fstatSync, ftruncateSync, openSync, readdirSync, readSync, rmSync } from "node:fs";
import path from "node:path";

/** Caddy's log file of the kept files' answers; it renames a full one with a time and starts another. */
export const VIEWS_LOG = "views.log";
/** Caddy starts another file at this size (whole megabytes): a benchmark's load fills one in seconds. */
export const VIEWS_LOG_ROLL_MB = 10;
/** Full files Caddy keeps before deleting the oldest: the reader has this many rolls to catch up. */
export const VIEWS_LOG_ROLL_KEEP = 10;
/** A kept page Caddy answered from its file, as the page views need it (server/page-views.ts). */
export interface FrontView {
  path: string;
  status: number;
  contentType: string;
  /** Only the request headers a view is told by, lower-case. */
  headers: Record<string, string>;
  address: string;
}

/** The supervisor's message to a server with views to count (server/start.ts). */
export const FRONT_VIEWS = "frontViews";
/** Sent at most this often, or at this many: one message per view would cost the cores more than the view. */
const SEND_EVERY_MS = 500;
const SEND_AT_MOST = 5_000;

/**
 * Caddy's lines gathered for a server: the same line (a visitor's reloads, a load test; Caddy writes
 * no time in it) read into a view once, at the send, and sent once with its count.
 */
export function frontViewBatches(send: (batch: [FrontView, number][]) => void) {
  let lines = new Map<string, number>();
  let count = 0;
  const flush = () => {
    if (count === 0) return;
    const views = new Map<string, [FrontView, number]>();
    for (const [line, times] of lines) {
      const view = keptFileView(line);
      if (!view) continue;
      // Caddy writes a request's headers in no fixed order: the same view may come as several lines.
      const key = JSON.stringify(view);
      const same = views.get(key);
      if (same) same[1] += times;
      else views.set(key, [view, times]);
    }
    lines = new Map();
    count = 0;
    if (views.size > 0) send([...views.values()]);
  };
  setInterval(flush, SEND_EVERY_MS).unref();
  return {
    add(line: string) {
      lines.set(line, (lines.get(line) ?? 0) + 1);
      if (++count >= SEND_AT_MOST) flush();
    },
  };
}

const VIEW_HEADERS = ["user-agent", "referer", "sec-purpose", "purpose", "x-moz", "x-purpose"];

/**
 * The view in one of Caddy's access-log lines: only answers from kept files are logged
 * (server/https-front-config.ts), each an HTML page, with only the fields read below.
 */
export function keptFileView(line: string): FrontView | undefined {
  let entry: {
    request?: { method?: string; uri?: string; remote_ip?: string; headers?: Record<string, string[]> };
    status?: number;
  };
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { request, status } = entry;
  if (request?.method !== "GET") return undefined;
  const given = new Map(Object.entries(request.headers ?? {}).map(([name, values]) => [name.toLowerCase(), values[0]]));
  // In one order whatever Caddy's: two views alike are the same key (frontViewBatches).
  const headers: Record<string, string> = {};
  for (const name of VIEW_HEADERS) {
    const value = given.get(name);
    if (value !== undefined) headers[name] = value;
  }
  return {
    path: String(request.uri ?? ""),
    status: Number(status),
    contentType: "text/html; charset=utf-8",
    headers,
    address: String(request.remote_ip ?? ""),
  };
}

/**
 * Reads the views Caddy writes under `dir` (VIEWS_LOG and the files it rolled over, oldest first),
 * from where it stopped, each line once; a rolled-over file is deleted once read. Call it every few
 * hundred milliseconds and at the end: what was read is gone from the disk within that time.
 */
export function viewLogReader(dir: string, onLine: (line: string) => void) {
  /**
   * The file being read (by inode, as Caddy renames it when it rolls over), how far, and where it
   * ended when it was last emptied (see below).
   */
  let reading: { ino: number; offset: number; emptiedAt?: number } | undefined;
  const buffer = Buffer.alloc(1 << 20);

  /** The whole lines from `offset` on; returns the offset after the last whole line. */
  function readLines(fd: number, offset: number): number {
    let carry = "";
    for (;;) {
      const length = readSync(fd, buffer, 0, buffer.length, offset + Buffer.byteLength(carry));
      if (length === 0) return offset;
      const text = carry + buffer.toString("utf8", 0, length);
      const end = text.lastIndexOf("\n");
      if (end < 0) {
        carry = text;
        continue;
      }
      for (const line of text.slice(0, end).split("\n")) if (line) onLine(line);
      offset += Buffer.byteLength(text.slice(0, end + 1));
      carry = text.slice(end + 1);
    }
  }

  return function readNew() {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    const rolled = names.filter((name) => name.startsWith("views-") && name.endsWith(".log")).sort();
    for (const name of rolled) {
      const file = path.join(dir, name);
      const fd = openSync(file, "r");
      try {
        const { ino } = fstatSync(fd);
        readLines(fd, reading?.ino === ino ? reading.offset : 0);
        if (reading?.ino === ino) reading = undefined;
      } finally {
        closeSync(fd);
      }
      rmSync(file, { force: true });
    }
    const current = path.join(dir, VIEWS_LOG);
    let fd: number;
    try {
      fd = openSync(current, "r+");
    } catch {
      return;
    }
    try {
      const { ino } = fstatSync(fd);
      let from = reading?.ino === ino ? reading.offset : 0;
      // A file Caddy made itself is not opened for appending: after it was emptied below, Caddy's next
      // line goes where the file ended, after a hole of zero bytes (one it reopened starts at 0).
      if (from === 0 && reading?.ino === ino && reading.emptiedAt) {
        const first = Buffer.alloc(1);
        if (readSync(fd, first, 0, 1, 0) === 1 && first[0] === 0) from = reading.emptiedAt;
      }
      const offset = readLines(fd, from);
      // Nothing written since the emptying: where the next line will go is still to be remembered.
      reading = { ino, offset, emptiedAt: offset === 0 ? reading?.emptiedAt : undefined };
      // Every line read: emptied, so that no visitor's address stays on the disk until Caddy rolls the
      // file over (at a small site's pace, months). A line Caddy writes between the check and the
      // emptying is lost: microseconds, a few times a second, while views come.
      if (offset > 0 && fstatSync(fd).size === offset) {
        ftruncateSync(fd, 0);
        reading = { ino, offset: 0, emptiedAt: offset };
      }
    } finally {
      closeSync(fd);
    }
  };
}
