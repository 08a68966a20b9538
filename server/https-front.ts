// The HTTPS front (decision 72): Debian's Caddy, run and supervised by `npm start`'s supervisor as the
// embedded PostgreSQL is. It holds ports 443 and 80, obtains and renews the certificate by ACME,
// answers http:// with 308, sends HSTS, sends www.<host> (or the bare name) to SITE_URL's host and
// proxies the rest to the site's servers on loopback. Its state is under DATA_DIR/https.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { HttpsFrontSettings } from "~/core/config/https-front";
import { viewLogReader } from "./front-views";
import { caddyConfig, viewsLogDir } from "./https-front-config";

export const CADDY_BINARY = "/usr/bin/caddy";
/** A Caddy that died is started again after this, doubled for each death in a row, up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
const CRASH_QUIET_MS = 60_000;
/** One line in the log for ACME failures this often at most: Caddy retries by itself, with its own back-off. */
const ACME_LOG_EVERY_MS = 3 * 60_000;
const STOP_DEADLINE_MS = 6_000;
/** How often the kept files' views are read from Caddy's file: a visitor's address stays on disk about this long. */
const VIEWS_READ_EVERY_MS = 250;

export type FrontLog = (msg: string, extra?: Record<string, unknown>, level?: number) => void;

export class HttpsFrontError extends Error {
  override name = "HttpsFrontError";
}

const files = (front: HttpsFrontSettings) => ({
  config: path.join(front.dir, "caddy.json"),
  views: viewsLogDir(front),
  storage: path.join(front.dir, "storage"),
  pid: path.join(front.dir, "caddy.pid"),
  lastError: path.join(front.dir, "last-error"),
});

/** The file `npm run doctor` reads: the last ACME or certificate failure, one line; absent once a certificate is obtained. */
export const lastErrorFile = (front: HttpsFrontSettings) => files(front).lastError;

function portProblem(port: number, label: string, error: NodeJS.ErrnoException): HttpsFrontError {
  if (error.code === "EACCES") {
    const user = os.userInfo().username;
    return new HttpsFrontError(
      `Il sito non può aprire la porta ${port} (${label}): l'utente «${user}» non ha il permesso per le porte sotto 1024. Avvialo come servizio con «sudo npm run service:install» (riceve solo la capacità CAP_NET_BIND_SERVICE), oppure consenti le porte basse con «sudo sysctl -w net.ipv4.ip_unprivileged_port_start=80»; dietro un tuo proxy imposta TRUST_PROXY o TLS=off.`,
    );
  }
  if (error.code === "EADDRINUSE") {
    return new HttpsFrontError(
      `La porta ${port} (${label}) è già occupata da un altro programma: liberala (il servizio caddy di Debian si ferma con «sudo systemctl disable --now caddy»), oppure, se è il tuo proxy, imposta TRUST_PROXY o TLS=off.`,
    );
  }
  return new HttpsFrontError(`Il sito non può aprire la porta ${port} (${label}): ${error.message}`);
}

function tryBind(port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (error) => resolve(error));
    // Every interface, as Caddy listens.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/** A Caddy left running by a supervisor that was killed with SIGKILL holds the ports: ended first. */
async function endLeftoverCaddy(front: HttpsFrontSettings): Promise<void> {
  const { pid: pidFile, config } = files(front);
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8"));
  } catch {
    return;
  }
  let commandLine = "";
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    // gone
  }
  if (pid > 0 && commandLine.includes(config)) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Another user's (the site ran as root before): the port check below names the port it holds.
      return;
    }
    const deadline = Date.now() + STOP_DEADLINE_MS;
    while (existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (existsSync(`/proc/${pid}`)) process.kill(pid, "SIGKILL");
  }
  rmSync(pidFile, { force: true });
}

/**
 * What must hold before anything is started or written: Caddy is installed, and ports 443 and 80
 * can be opened by this user and are free. Throws HttpsFrontError with one Italian line.
 */
export async function checkHttpsFront(front: HttpsFrontSettings): Promise<void> {
  if (!existsSync(CADDY_BINARY)) {
    throw new HttpsFrontError(
      `Caddy non è installato (${CADDY_BINARY}), e serve per l'HTTPS del sito: installalo con «sudo apt-get install caddy» (o «sudo bash scripts/ensure-system-deps.sh»), oppure imposta TLS=off se un tuo proxy gestisce l'HTTPS.`,
    );
  }
  await endLeftoverCaddy(front);
  for (const [port, label] of [
    [front.httpsPort, "HTTPS"],
    [front.httpPort, "HTTP"],
  ] as const) {
    const error = await tryBind(port);
    if (error) throw portProblem(port, label, error);
  }
}

// Caddy's information lines (a dozen at each start) are the site's debug lines: at the default level
// the log says only what an operator acts on.
const caddyLevels: Record<string, number> = { debug: 10, info: 20, warn: 40, error: 50, panic: 60, fatal: 60 };
/** Warnings about what the configuration does on purpose, and Caddy's own stop: debug lines. */
const expected = [/^admin endpoint disabled$/, /^exiting/, /^shutting down/, /^stopping/];
/** A request Caddy could not proxy (the servers starting or gone) is one line per this at most. */
const PROXY_ERROR_LOG_EVERY_MS = 10_000;

/** Reads Caddy's JSON log lines: certificate failures and successes, and the rest for the site's log. */
export function certificateTracker(front: HttpsFrontSettings, log: FrontLog) {
  const { lastError } = files(front);
  const failing = new Map<string, string>();
  let lastLoggedAt = 0;
  let proxyErrorLoggedAt = 0;
  let proxyErrorsUnlogged = 0;
  const writeLastError = () => {
    const latest = [...failing.values()].at(-1);
    if (latest === undefined) rmSync(lastError, { force: true });
    else writeFileSync(lastError, `${latest}\n`, { mode: 0o600 });
  };
  return (line: string) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      if (line.trim()) log(`https: ${line.trim()}`, { component: "https" }, 40);
      return;
    }
    const { level: caddyLevel, ts: _ts, msg, logger, ...fields } = entry;
    const level = caddyLevels[String(caddyLevel)] ?? 30;
    const identifier = typeof fields.identifier === "string" ? fields.identifier : undefined;
    if (msg === "certificate obtained successfully" && identifier) {
      failing.delete(identifier);
      writeLastError();
      log(`https: certificate obtained for ${identifier}`, { component: "https", identifier });
      return;
    }
    if (String(logger).startsWith("tls") && level >= 50) {
      const cause = String(fields.error ?? msg).replace(/\s+/g, " ");
      const name = identifier ?? /\[([^\]\s]+)\]/.exec(cause)?.[1] ?? front.host;
      failing.delete(name);
      failing.set(name, `${new Date().toISOString()} ${name}: ${cause}`);
      writeLastError();
      const now = Date.now();
      if (now - lastLoggedAt < ACME_LOG_EVERY_MS) return;
      lastLoggedAt = now;
      log(
        `https: no certificate yet for ${name}; the site is served and it is asked again by itself`,
        { component: "https", identifier: name, err: cause, ca: front.acmeCa },
        40,
      );
      return;
    }
    if (logger === "http.log.error" || logger === "http.stdlib") {
      // A line per request or connection (the servers down, scanners' bad handshakes): the first, then one per 10 s.
      const now = Date.now();
      if (now - proxyErrorLoggedAt < PROXY_ERROR_LOG_EVERY_MS) {
        proxyErrorsUnlogged++;
        return;
      }
      // Not the request: its path may carry a token (the site's own log hides those).
      const { status } = fields as { status?: number };
      log(`https: ${String(msg)}`, { component: "https", status, sameSince: proxyErrorsUnlogged }, level);
      proxyErrorLoggedAt = now;
      proxyErrorsUnlogged = 0;
      return;
    }
    const quiet = expected.some((pattern) => pattern.test(String(msg)));
    log(`https: ${String(msg)}`, { component: "https", logger, ...fields }, quiet ? 20 : level);
  };
}

function writePrivately(file: string, content: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  renameSync(temporary, file);
}

export interface RunningFront {
  stop(): Promise<void>;
}

/**
 * Writes Caddy's configuration (owner-only) and runs Caddy, started again with back-off whenever it
 * dies; `upstream` is the servers' loopback address (host:port).
 */
export function startHttpsFront(options: {
  front: HttpsFrontSettings;
  upstream: string;
  /** The site's log, already filtered by LOG_LEVEL. */
  log: FrontLog;
  /** Caddy's access-log line of each kept page it answered from its file (server/front-views.ts). */
  onViewLine?: (line: string) => void;
}): RunningFront {
  const { front, upstream, log } = options;
  const paths = files(front);
  mkdirSync(paths.storage, { recursive: true, mode: 0o700 });
  // Private keys and the ACME account are below: owner-only even if it was made otherwise.
  chmodSync(front.dir, 0o700);
  writePrivately(paths.config, `${JSON.stringify(caddyConfig(front, upstream, paths.storage), null, 2)}\n`);
  const onLine = certificateTracker(front, log);
  // The kept files' views, from the file Caddy writes them to (server/front-views.ts).
  mkdirSync(paths.views, { recursive: true, mode: 0o700 });
  const readViews = viewLogReader(paths.views, options.onViewLine ?? (() => {}));
  const viewReading = setInterval(readViews, VIEWS_READ_EVERY_MS);
  viewReading.unref();

  let stopping = false;
  let child: ChildProcess | undefined;
  let deathsInARow = 0;
  let lastDeathAt = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  const run = () => {
    const caddy = spawn(CADDY_BINARY, ["run", "--config", paths.config], {
      // Caddy's own files (its default storage, an autosaved configuration) under DATA_DIR/https too.
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: front.dir,
        XDG_DATA_HOME: paths.storage,
        XDG_CONFIG_HOME: paths.storage,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = caddy;
    if (caddy.pid) writeFileSync(paths.pid, String(caddy.pid), { mode: 0o600 });
    for (const stream of [caddy.stdout!, caddy.stderr!]) createInterface({ input: stream }).on("line", onLine);
    caddy.once("error", (error) => log("https: Caddy could not be started", { err: String(error) }, 50));
    caddy.once("exit", (code, signal) => {
      child = undefined;
      if (stopping) return;
      const now = Date.now();
      deathsInARow = now - lastDeathAt > CRASH_QUIET_MS ? 1 : deathsInARow + 1;
      lastDeathAt = now;
      const delayMs = Math.min(RESTART_FIRST_MS * 2 ** (deathsInARow - 1), RESTART_MAX_MS);
      log("https: Caddy exited; starting it again", { code, signal, delayMs }, 50);
      restartTimer = setTimeout(() => !stopping && run(), delayMs);
    });
  };
  run();
  log("https: front started", {
    host: front.host,
    httpsPort: front.httpsPort,
    httpPort: front.httpPort,
    ca: front.acmeCa,
  });

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const caddy = child;
      if (caddy && caddy.exitCode === null && caddy.signalCode === null) {
        const exited = new Promise((resolve) => caddy.once("exit", resolve));
        caddy.kill("SIGTERM");
        const timer = setTimeout(() => caddy.kill("SIGKILL"), STOP_DEADLINE_MS);
        await exited;
        clearTimeout(timer);
      }
      rmSync(paths.pid, { force: true });
      clearInterval(viewReading);
      // The views of Caddy's last answers.
      readViews();
    },
  };
}
