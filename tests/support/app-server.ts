import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startCommand } from "../../scripts/lib/start-command.ts";
import { ADMIN, adminCreate } from "./admin.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** What `npm start` runs once the build is fresh (the vitest global setup builds when it is not). */
export const SERVER_ENTRY = "build/server/start.js";

export interface AppServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code once the process ends. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Set by the end-to-end run's global setup (tests/support/e2e-global-setup.ts): a data directory
 * whose PostgreSQL cluster is made and migrated once per run, stopped (decision 51).
 */
export const TEMPLATE_DATA_DIR_ENV = "E2E_TEMPLATE_DATA_DIR";
/** Set by both global setups: the same, copied when a test asks (`migrated`; vitest tests the first start too). */
export const MIGRATED_TEMPLATE_DATA_DIR_ENV = "TEST_MIGRATED_TEMPLATE_DATA_DIR";
/** Set by both global setups: the same cluster with the administrator (ADMIN) already in it. */
export const ADMIN_TEMPLATE_DATA_DIR_ENV = "TEST_ADMIN_TEMPLATE_DATA_DIR";

/**
 * A new data directory for a server of its own. In the end-to-end run it starts with a copy of the
 * run's template cluster (cp -a keeps its owner, the postgres user when run as root): the server
 * then finds a cluster with the schema in place instead of running initdb and every migration,
 * which cost a second or two of CPU at each of the run's ~70 starts. In vitest, which tests the
 * first start itself, only when asked: `migrated`. `admin`: with the administrator's account
 * (ADMIN) too, copied, or made by `admin:create` where there is no template.
 */
export function newDataDir(prefix = "app-data-", options: { admin?: boolean; migrated?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = options.admin
    ? process.env[ADMIN_TEMPLATE_DATA_DIR_ENV]
    : (process.env[TEMPLATE_DATA_DIR_ENV] ??
      (options.migrated ? process.env[MIGRATED_TEMPLATE_DATA_DIR_ENV] : undefined));
  if (template) {
    execFileSync("cp", ["-a", path.join(template, "postgres"), path.join(dir, "postgres")]);
  } else if (options.admin) {
    const created = adminCreate({ DATA_DIR: dir }, ["--email", ADMIN.email, "--new"], ADMIN.password);
    if (created.code !== 0) throw new Error(`admin:create failed: ${created.stderr}`);
  }
  return dir;
}

/** The servers this process started that are still running: a failed end-to-end test prints their output. */
export const runningServers = new Set<AppServer>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Another instance of the production server (built beforehand by npm test),
 * on a free port with its own data directory unless `env` says otherwise.
 * For tests that need their own state or settings: an empty database,
 * moderation on, two instances on one PostgreSQL…
 */
export async function startAppServer(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  options: {
    /**
     * A site on a public address (SITE_URL) shows visitors only "Sito in preparazione" until it is
     * published (decision 73): published here, as a site in use is, unless the test is about that.
     */
    inPreparation?: boolean;
  } = {},
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? newDataDir();
  const npmStart = startCommand();
  // With npm start's memory settings: the supervisor without them holds a 128 MB young generation.
  const child = spawn(process.execPath, [...npmStart.flags, SERVER_ENTRY], {
    cwd: root,
    // One server process unless a test asks for more: the machine running the suite is small.
    env: {
      ...process.env,
      ...npmStart.env,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      // An https SITE_URL names the public address only: no HTTPS front unless a test asks for it.
      TLS: "off",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  // Loaded here only: the benchmarks import this file's freePort under plain node, without the "~/" alias.
  if (env.SITE_URL && !options.inPreparation) {
    const { publishIfPublic } = await import("./published-site.ts");
    await publishIfPublic(env.SITE_URL, { dataDir, databaseUrl: env.DATABASE_URL });
  }

  const server: AppServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  runningServers.add(server);
  void exited.then(() => runningServers.delete(server));
  return server;
}
