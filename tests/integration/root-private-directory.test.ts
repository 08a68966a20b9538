import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  rmSync,
  statSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/app-server";
import { isAlive } from "../support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const asRoot = process.getuid?.() === 0;
// Where the site keeps, as root, what the postgres user cannot reach inside a private checkout.
const systemDir = "/var/lib/studio-nutrizione";
const binariesDir = path.join(systemDir, "postgresql");

/** An operator's shell: no npm variables, and no node_modules/.bin, of the run that started the tests. */
function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("npm_") && !name.startsWith("VITEST") && name !== "NODE_ENV") env[name] = value;
  }
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, ...extra };
}

function entries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** The program every running process executes (from /proc). */
function runningPrograms(): string[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [readlinkSync(`/proc/${pid}/exe`)];
      } catch {
        return [];
      }
    });
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long npm may print nothing: its `http` log names every package it fetches or extracts. */
const NPM_STALL_MS = 180_000;
/** A guard on the whole install, not a measure: on a quiet machine it takes about a minute. */
const NPM_CI_MS = 480_000;

/**
 * One `npm ci` in `dir`, ended (its whole process group: a kill of npm alone leaves its children
 * holding the output pipes) when it stalls or passes the guard. npm 11 was seen here to stop
 * for ever after its last fetch, at random, with nothing more in its debug log.
 */
function npmCiOnce(dir: string): Promise<{ ok: true } | { ok: false; stalled: boolean; why: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=http"], {
      cwd: dir,
      env: operatorEnv({}),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    let stall: NodeJS.Timeout;
    const lastLine = () => output.trimEnd().split("\n").at(-1) ?? "";
    const end = (stalled: boolean, what: string) => {
      clearTimeout(guard);
      clearTimeout(stall);
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      resolve({ ok: false, stalled, why: `${what}; its last line: ${lastLine()}` });
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => end(true, `npm ci printed nothing for ${NPM_STALL_MS / 1000} s`), NPM_STALL_MS);
    };
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      watch();
    };
    const guard = setTimeout(() => end(false, `npm ci did not finish within ${NPM_CI_MS / 60_000} minutes`), NPM_CI_MS);
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    watch();
    child.once("close", (code) => {
      clearTimeout(guard);
      clearTimeout(stall);
      if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, stalled: false, why: `npm ci failed (${code}):\n${output}` });
    });
  });
}

/** `npm ci` in `dir`: a stalled npm is started once more, as an operator would; any other failure fails. */
async function npmCi(dir: string): Promise<void> {
  const first = await npmCiOnce(dir);
  if (first.ok) return;
  if (!first.stalled) throw new Error(first.why);
  console.warn(`${first.why}. Started again.`);
  const second = await npmCiOnce(dir);
  if (!second.ok) throw new Error(second.why);
}

const CLONE_PREFIX = "studio-private-checkout-";

/**
 * Where the clone goes: in memory (/dev/shm) when the machine has it, because the 72,000 files of
 * its node_modules take minutes to delete from a busy disk and seconds from memory. A run killed
 * outright leaves its clone there: the next run removes those whose process is gone.
 */
function cloneParent(): string {
  const parent = existsSync("/dev/shm") && statSync("/dev/shm").isDirectory() ? "/dev/shm" : os.tmpdir();
  for (const name of entries(parent)) {
    const pid = new RegExp(`^${CLONE_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  return parent;
}

/**
 * README's first lines, as a VPS's first login does them: a clone in a directory only its owner
 * can enter (root's home, or `mktemp -d`), `npm ci`, `npm start`. As root PostgreSQL runs as the
 * `postgres` user, who cannot reach the checkout: its cluster and its programs must be elsewhere.
 * As an ordinary user the same steps must work too, with everything inside the checkout.
 */
describe("npm ci && npm start in a directory only its owner can enter", () => {
  it(`${asRoot ? "as root" : "as an ordinary user"}: the home page answers, and SIGTERM stops the site and PostgreSQL`, async () => {
    const privateDir = mkdtempSync(path.join(cloneParent(), `${CLONE_PREFIX}${process.pid}-`));
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    const site = path.join(privateDir, "site");
    const clusterLink = path.join(site, "data", "postgres");
    const madeHere = [binariesDir, systemDir].filter((dir) => !existsSync(dir));
    const binariesBefore = new Set(entries(binariesDir));
    let npm: ReturnType<typeof spawn> | undefined;
    let clusterDir: string | undefined;
    let output = "";
    const timings: string[] = [];
    const timed = async <T>(label: string, step: () => T | Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await step();
      timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return result;
    };
    try {
      // The committed sources (a clean checkout in CI, as .ci/run makes it).
      await timed("git clone", () => execFileSync("git", ["clone", "--quiet", root, site], { stdio: "pipe" }));
      // The production build already made for these sources saves building again (about 16 s):
      // build-if-stale keeps it only when its stamp matches the clone's sources, and builds otherwise.
      if (existsSync(path.join(root, "build", ".source-hash"))) {
        cpSync(path.join(root, "build"), path.join(site, "build"), { recursive: true });
      }
      await timed("npm ci", () => npmCi(site));

      const port = await freePort();
      const started = performance.now();
      const running = spawn("npm", ["start"], {
        cwd: site,
        // DATA_DIR unset: ./data, inside the private directory.
        env: operatorEnv({ PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" }),
        stdio: ["ignore", "pipe", "pipe"],
        detached: true, // its own process group, so that a failed test can end all of it
      });
      npm = running;
      running.stdout!.on("data", (chunk) => (output += chunk));
      running.stderr!.on("data", (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));

      let home: Response | null = null;
      const deadline = Date.now() + 120_000;
      while (home?.status !== 200) {
        if (running.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
        if (Date.now() > deadline) throw new Error(`no 200 on / within 120 s:\n${output}`);
        home = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
        if (home?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      timings.push(`npm start to 200 on / ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(await home.text()).toContain("</html>");

      clusterDir = realpathSync(clusterLink);
      const postmaster = Number(readFileSync(path.join(clusterDir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
      const program = readlinkSync(`/proc/${postmaster}/exe`);
      if (asRoot) {
        // The checkout stays private; the cluster and the programs are where the postgres user can go.
        expect(statSync(privateDir).mode & 0o777).toBe(0o700);
        expect(path.dirname(clusterDir)).toBe(systemDir);
        const postgresUid = Number(execFileSync("id", ["-u", "postgres"]).toString());
        expect(statSync(`/proc/${postmaster}`).uid).toBe(postgresUid);
        expect(statSync(clusterDir)).toMatchObject({ uid: postgresUid });
        expect(statSync(clusterDir).mode & 0o777).toBe(0o700);
        expect(path.dirname(path.dirname(path.dirname(program)))).toBe(binariesDir);
        expect(statSync(program)).toMatchObject({ uid: 0 });
        expect(statSync(program).mode & 0o777).toBe(0o755);
      } else {
        expect(clusterDir).toBe(clusterLink);
        expect(program.startsWith(path.join(site, "node_modules"))).toBe(true);
      }

      running.kill("SIGTERM");
      expect(await timed("stop", () => exited), output).toBe(0);
      await waitUntil(() => !isAlive(postmaster), "PostgreSQL stopped");
      expect(existsSync(path.join(clusterDir, "data", "postmaster.pid"))).toBe(false);
    } finally {
      if (npm?.pid && npm.exitCode === null) {
        try {
          process.kill(-npm.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      clusterDir ??= existsSync(clusterLink) ? realpathSync(clusterLink) : undefined;
      const pidFile = clusterDir && path.join(clusterDir, "data", "postmaster.pid");
      if (pidFile && existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
        process.kill(pid, "SIGINT"); // fast shutdown
        await waitUntil(() => !isAlive(pid), "PostgreSQL stopped after the test");
      }
      if (clusterDir) rmSync(clusterDir, { recursive: true, force: true });
      await timed("removing the clone", () => rmSync(privateDir, { recursive: true, force: true }));
      // The copy this run made, unless another site (or another run of this test) runs from it now.
      const inUse = runningPrograms().filter((exe) => exe.startsWith(`${binariesDir}/`));
      for (const name of entries(binariesDir)) {
        const dir = path.join(binariesDir, name);
        if (binariesBefore.has(name) || inUse.some((exe) => exe.startsWith(`${dir}/`))) continue;
        rmSync(dir, { recursive: true, force: true });
      }
      for (const dir of madeHere) if (existsSync(dir) && entries(dir).length === 0) rmdirSync(dir);
      console.info(`npm ci && npm start in a private directory: ${timings.join(", ")}`);
    }
  }, 1_080_000);
});
