import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { startCommand } from "../../scripts/lib/start-command.ts";

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
export async function startAppServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<AppServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "app-data-"));
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

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
