// Which version of the site runs (the git commit of its checkout) and how the last `npm run update`
// ended (scripts/update.ts writes it): read by /readyz, the admin's status screen and the update itself.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";

const COMMIT = /^[0-9a-f]{40}$/;

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * The commit checked out in `dir`, read from its .git files rather than by running git: the service's
 * user may not own the checkout, and git refuses such a directory ("dubious ownership").
 */
export function checkoutCommit(dir: string): string | null {
  let gitDir = path.join(dir, ".git");
  const pointer = readText(gitDir);
  // A worktree or a submodule: .git is a file naming the real directory.
  if (pointer?.startsWith("gitdir: ")) gitDir = path.resolve(dir, pointer.slice(8));
  const head = readText(path.join(gitDir, "HEAD"));
  if (!head) return null;
  if (COMMIT.test(head)) return head;
  if (!head.startsWith("ref: ")) return null;
  const ref = head.slice(5);
  const common = path.resolve(gitDir, readText(path.join(gitDir, "commondir")) ?? ".");
  for (const base of [gitDir, common]) {
    const value = readText(path.join(base, ref));
    if (value && COMMIT.test(value)) return value;
  }
  const packed = readText(path.join(common, "packed-refs")) ?? "";
  for (const line of packed.split("\n")) {
    const [sha, name] = line.split(" ");
    if (name === ref && sha && COMMIT.test(sha)) return sha;
  }
  return null;
}

let running: string | null | undefined;
/**
 * The commit this process runs: read at its first call (the request pipeline makes it at start), so a
 * checkout moved since (an update under way) does not change it.
 */
export function runningCommit(): string | null {
  if (running === undefined) running = checkoutCommit(process.cwd());
  return running;
}

/** Where `npm run update` keeps its journal and its outcome, and the supervisor its pid and reloads. */
export const updateDir = (dataDir: string) => path.join(dataDir, "update");
export const lastUpdateFile = (dataDir: string) => path.join(updateDir(dataDir), "last.json");
export const sitePidFile = (dataDir: string) => path.join(updateDir(dataDir), "site.pid");
export const reloadFile = (dataDir: string) => path.join(updateDir(dataDir), "reload.json");

export interface LastUpdate {
  outcome: "updated" | "rolled-back" | "failed";
  from: string;
  to: string;
  finishedAt: string;
  /** The Italian paragraph the command printed. */
  message: string;
}

/** The last update's outcome, or null when there was none (or its file is unreadable). */
export function readLastUpdate(dataDir: string): LastUpdate | null {
  const text = readText(lastUpdateFile(dataDir));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LastUpdate>;
    if (!["updated", "rolled-back", "failed"].includes(String(value.outcome))) return null;
    return {
      outcome: value.outcome!,
      from: String(value.from ?? ""),
      to: String(value.to ?? ""),
      finishedAt: String(value.finishedAt ?? ""),
      message: String(value.message ?? "").slice(0, 2000),
    };
  } catch {
    return null;
  }
}

/**
 * Writes `value` as JSON so that a reader (or the next run after a power cut) sees the old file or
 * the new one, never half of one: a temporary file, fsync, rename, fsync of the directory.
 */
export function writeJsonAtomic(file: string, value: unknown, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w", mode);
  try {
    writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const dir = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
