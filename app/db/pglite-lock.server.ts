import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is PostgreSQL in single-user mode and takes no lock of its own: two
 * processes opening one data directory both succeed, both write, and the
 * directory ends up corrupt (electric-sql/pglite#1106, #323). So we take one:
 * `<dir>.lock` holds the owner's process id; a lock whose process is gone is stale.
 */
export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
  readonly pid: number;
  readonly lockFile: string;
  constructor(pid: number, lockFile: string) {
    super(`The embedded database is in use by process ${pid} (lock file ${lockFile}).`);
    this.pid = pid;
    this.lockFile = lockFile;
  }
}

export interface PgliteLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  // Our own pid in the file is a previous life of this container (same pid, new process): stale.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFileFor(dir: string): string {
  return `${path.resolve(dir)}.lock`;
}

export function acquirePgliteLock(dir: string): PgliteLock {
  const file = lockFileFor(dir);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let pid = NaN;
      try {
        pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      } catch {
        continue; // released in between: try again
      }
      if (Number.isSafeInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(pid, file);
      try {
        unlinkSync(file);
      } catch {
        // someone else removed the stale lock first
      }
      continue;
    }
    const releaseOnExit = () => {
      try {
        if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    process.once("exit", releaseOnExit);
    return {
      release() {
        process.off("exit", releaseOnExit);
        releaseOnExit();
      },
    };
  }
  throw new Error(`Could not lock the embedded database (${file}).`);
}
