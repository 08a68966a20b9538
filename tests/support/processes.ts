import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The live server processes under a supervisor: its children that are neither zombies nor the
 * embedded PostgreSQL (which runs beside them, not as one of them).
 */
export function serverProcesses(supervisor: number): number[] {
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const name = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      return Number(parent) === supervisor && state !== "Z" && name !== "postgres" ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Exists and is not a zombie (this machine's init may take its time to reap). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

export const postmasterPidFile = (dataDir: string) => path.join(dataDir, "postgres", "data", "postmaster.pid");
export const postmasterPid = (dataDir: string) =>
  Number(readFileSync(postmasterPidFile(dataDir), "utf8").split("\n")[0]);

/** Every process below `pid` (from /proc). */
export function descendants(pid: number): number[] {
  const children = (parent: number): number[] => {
    const list: number[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid === parent) list.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    return list;
  };
  const all: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const found = children(queue.shift()!);
    all.push(...found);
    queue.push(...found);
  }
  return all;
}
