import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app-server.ts";

const BIN_DIR = "/usr/lib/postgresql/15/bin";

export interface ThrowawayPostgres {
  /** postgres://… of the cluster's "postgres" database. */
  url: string;
  /** A new empty database on the same cluster. */
  createDatabase(name: string): string;
  stop(): void;
}

/**
 * A PostgreSQL 15 cluster from the machine's own binaries, in a temporary
 * directory, listening on loopback only. PostgreSQL refuses to run as root,
 * so as root it runs as the "postgres" user.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  if (!existsSync(path.join(BIN_DIR, "initdb"))) {
    throw new Error(`PostgreSQL 15 not found in ${BIN_DIR}: apt-get install postgresql-15`);
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "pg-throwaway-"));
  chmodSync(dir, 0o777);
  const run = (binary: string, args: string[]) => {
    const command = path.join(BIN_DIR, binary);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
  const dataDir = path.join(dir, "data");
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    dataDir,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `${base}/postgres`,
    createDatabase(name) {
      run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-c", `create database "${name}"`]);
      return `${base}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
