// The production server as the benchmarks run it (`npm start`'s flags and memory settings) and the
// memory of its processes read from /proc: shared by `npm run bench` (server.ts) and logins.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startCommand } from "../lib/start-command.ts";

const npmStart = startCommand();
const root = path.resolve(import.meta.dirname, "../..");

export interface SiteOptions {
  port: number;
  dataDir: string;
  /** WEB_CONCURRENCY: server processes under the supervisor. */
  processes: number;
  env?: Record<string, string>;
}

/** As `npm start` runs it, on the given port and data directory. */
export function startSite({ port, dataDir, processes, env = {} }: SiteOptions): ChildProcess {
  return spawn(process.execPath, [...npmStart.flags, "build/server/start.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...npmStart.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: String(processes),
      // Each simulated visitor has its own address (X-Forwarded-For from loopback), as real ones would.
      TRUST_PROXY: "loopback",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** Milliseconds until the site answers its first 200 on `/`. */
export async function untilFirstOk(server: ChildProcess, url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${url}/`)).ok) return performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** SIGTERM, then milliseconds until the supervisor exited (it must exit cleanly). */
export async function stop(server: ChildProcess): Promise<number> {
  const started = performance.now();
  server.kill("SIGTERM");
  const code = await new Promise<number | null>((r) =>
    server.exitCode !== null ? r(server.exitCode) : server.once("exit", r),
  );
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
  return performance.now() - started;
}

// ---- memory: what the site's processes hold ------------------------------------------------------

function childrenOf(pid: number): number[] {
  const list: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) list.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return list;
}

function treeOf(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!));
  return all;
}

/** The server processes and the PostgreSQL processes (a daemon: not below the server). */
export function siteProcesses(server: ChildProcess, dataDir: string): number[] {
  const pids = treeOf(server.pid!);
  const pidFile = path.join(dataDir, "postgres", "data", "postmaster.pid");
  if (existsSync(pidFile)) pids.push(...treeOf(Number(readFileSync(pidFile, "utf8").split("\n")[0])));
  return pids;
}

/** A field of smaps_rollup summed over `pids`, in MB: "Pss" (shared pages split) or "Rss" (resident). */
function smapsMb(pids: number[], field: "Pss" | "Rss"): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const match = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kb / 1024;
}

/** Proportional set size: shared pages counted once across the processes. */
export const pssMb = (pids: number[]) => smapsMb(pids, "Pss");
/** Resident set size, each process's own figure summed. */
export const rssMb = (pids: number[]) => smapsMb(pids, "Rss");
