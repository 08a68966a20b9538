import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommand } from "../../scripts/lib/start-command.ts";
import { mediaChecksums, readAllRows } from "../support/backup-archive";
import { freePort, SERVER_ENTRY } from "../support/app-server";
import { jpeg, postReview } from "../support/reviews";
import { createPostgresDatabase } from "../support/test-databases";

// `npm run update` on a clone of this project whose origin is a bare repository in a temporary
// directory: commits made here (a failing migration, a server that never becomes ready, good ones)
// are the new versions. The clone starts with this checkout's node_modules (hard links) and build;
// one update runs the real `npm ci`, the others a stand-in (UPDATE_INSTALL_COMMAND) to stay in time.

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(os.tmpdir(), "update-"));
const remote = path.join(work, "remote.git");
const site = path.join(work, "site");
const dev = path.join(work, "dev");
const dataDir = path.join(work, "data");
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();

let env: Record<string, string>;
let url: string;
let server: ChildProcess | undefined;
let serverOutput = "";

async function readyz(): Promise<{ status: number; version?: string }> {
  try {
    const response = await fetch(`${url}/readyz`);
    const body = (await response.json()) as { version?: string };
    return { status: response.status, version: body.version };
  } catch {
    return { status: 0 };
  }
}

async function startSite() {
  const npmStart = startCommand();
  serverOutput = "";
  server = spawn(process.execPath, [...npmStart.flags, SERVER_ENTRY], {
    cwd: site,
    env: { ...process.env, ...npmStart.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (serverOutput += chunk));
  server.stderr!.on("data", (chunk) => (serverOutput += chunk));
  const deadline = Date.now() + 60_000;
  while ((await readyz()).status !== 200) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the site did not start:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function update(args: string[] = [], extra: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/update.ts", ...args], {
      cwd: site,
      env: { ...process.env, ...env, UPDATE_INSTALL_COMMAND: "true", UPDATE_READY_TIMEOUT_MS: "10000", ...extra },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? -1 : null), stdout, stderr }));
  });
}

/** A commit on `branch` of the remote, made from the development clone (files: path → text). */
function commit(branch: string, message: string, change: (dir: string) => void): string {
  git(dev, "checkout", "--quiet", "-B", branch, "origin/main");
  change(dev);
  git(dev, "add", "-A");
  git(dev, "commit", "--quiet", "-m", message);
  git(dev, "push", "--quiet", "--force", "origin", `${branch}:${branch}`);
  return git(dev, "rev-parse", "HEAD");
}

/** A harmless change on main: a new version that only differs by a line of the README. */
const goodCommit = (label: string) =>
  commit("main", `Good ${label}`, (dir) => {
    writeFileSync(path.join(dir, "README.md"), `${readFileSync(path.join(dir, "README.md"), "utf8")}\n${label}\n`);
  });

function addMigration(dir: string, tag: string, sql: string) {
  writeFileSync(path.join(dir, "drizzle", `${tag}.sql`), sql);
  const journalFile = path.join(dir, "drizzle/meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Record<string, unknown>[] };
  journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
}

async function snapshot() {
  const rows = await readAllRows(env.DATABASE_URL!);
  // Rewritten by every change; not data of hers.
  rows.delete("public.live_versions");
  return { rows, media: await mediaChecksums(path.join(dataDir, "media")) };
}

function expectKept(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) {
  for (const [table, rows] of before.rows) {
    const present = new Set(after.rows.get(table) ?? []);
    expect(
      rows.filter((row) => !present.has(row)),
      table,
    ).toEqual([]);
  }
  for (const [key, sum] of before.media) expect(after.media.get(key), key).toBe(sum);
}

describe("npm run update", () => {
  let first: string;

  beforeAll(async () => {
    execFileSync("git", ["init", "--quiet", "--bare", "-b", "main", remote]);
    git(remote, "fetch", "--quiet", root, "HEAD:refs/heads/main");
    git(work, "clone", "--quiet", remote, site);
    git(work, "clone", "--quiet", remote, dev);
    first = git(site, "rev-parse", "HEAD");
    // This checkout's install and build (the same sources when it is clean): the first start needs no build.
    execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(site, "node_modules")]);
    cpSync(path.join(root, "build"), path.join(site, "build"), { recursive: true });
    env = {
      DATABASE_URL: await createPostgresDatabase(),
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      TLS: "off",
      BACKUP_TIME: "off",
      REVIEWS_RATE_LIMIT: "10000",
    };
    url = `http://127.0.0.1:${env.PORT}`;
    await startSite();
    const photo = await jpeg(400, 300);
    for (let i = 0; i < 4; i++)
      expect(await postReview(url, { name: `Prima ${i}`, photo: i % 2 ? photo : undefined })).toBe(303);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
  });

  it("an update whose migration fails goes back: old commit, every row and media file, exit 1 with its paragraph", async () => {
    const bad = commit("bad-migration", "A failing migration", (dir) =>
      addMigration(dir, "9990_update_probe_bad", "create table update_probe_bad (id int;\n"),
    );
    const before = await snapshot();
    expect(await readyz()).toEqual({ status: 200, version: first });

    const result = await update(["--ref", "bad-migration"]);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^Aggiornamento non riuscito: .+ Il sito è tornato alla versione precedente \(\w{12}\).*Non è andato perso nulla/m,
    );
    expect(await readyz()).toEqual({ status: 200, version: first });
    expect(git(site, "rev-parse", "HEAD")).toBe(first);
    expect(bad).not.toBe(first);
    // Every row as before (the backup it took adds its own record to backup_runs), every media file.
    const after = await snapshot();
    expectKept(before, after);
    expect(after.media).toEqual(before.media);
    expect(JSON.parse(readFileSync(path.join(dataDir, "update/last.json"), "utf8"))).toMatchObject({
      outcome: "rolled-back",
      from: first,
      to: bad,
    });
  }, 120_000);

  it("an update whose server never becomes ready goes back, its migration undone by the backup", async () => {
    commit("never-ready", "A migration, then a server that is never ready", (dir) => {
      addMigration(dir, "9991_update_probe", "create table update_probe (id int);\n");
      const pipeline = path.join(dir, "server/pipeline.ts");
      const text = readFileSync(pipeline, "utf8");
      const ready = 'res.json({ status: "ready", version });';
      expect(text).toContain(ready);
      writeFileSync(pipeline, text.replace(ready, 'res.status(503).json({ status: "unavailable", version });'));
    });
    const before = await snapshot();

    const result = await update(["--ref", "never-ready"]);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /^Aggiornamento non riuscito: la nuova versione non è partita \(il sito risponde 503/m,
    );
    expect(result.stderr).toMatch(/ripristinati dal backup fatto all'inizio .*Non è andato perso nulla/);
    expect(await readyz()).toEqual({ status: 200, version: first });
    const after = await snapshot();
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.has("public.update_probe")).toBe(false);
    expect(after.media).toEqual(before.media);
  }, 150_000);

  it("an install that hangs is stopped after its time and the update goes back, nothing lost", async () => {
    const stuck = goodCommit("install that hangs");
    const before = await snapshot();

    // Hangs on the new commit only (its README has the label): going back installs the old one.
    const result = await update([], {
      UPDATE_INSTALL_COMMAND: 'if grep -q "install that hangs" README.md; then exec sleep 120; fi',
      UPDATE_STEP_TIMEOUT_MS: "2000",
    });

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^Aggiornamento non riuscito: l'installazione delle dipendenze \(npm ci\)/m);
    expect(result.stderr).toContain("non ha finito entro 2 secondi ed è stato fermato");
    expect(await readyz()).toEqual({ status: 200, version: first });
    expect(git(site, "rev-parse", "HEAD")).not.toBe(stuck);
    expectKept(before, await snapshot());
  }, 120_000);

  it("an update to a good commit (the real npm ci) leaves the site answering on it with every row kept", async () => {
    const good = goodCommit("first good");
    const before = await snapshot();

    // After the real npm ci every module is read afresh from disk: the product's own minute to be ready.
    const result = await update([], { UPDATE_INSTALL_COMMAND: "", UPDATE_READY_TIMEOUT_MS: "60000" });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Aggiornamento completato: il sito è passato dalla versione ${first.slice(0, 12)}`);
    expect(await readyz()).toEqual({ status: 200, version: good });
    expectKept(before, await snapshot());
    expect(await postReview(url, { name: "Dopo l'aggiornamento" })).toBe(303);
  }, 240_000);

  for (const phase of ["backed-up", "installed", "restarted"]) {
    it(`an update killed after "${phase}" is finished or undone by the next one, nothing lost`, async () => {
      const target = goodCommit(`killed after ${phase}`);
      const before = await snapshot();

      const killed = await update([], { UPDATE_TEST_KILL_AFTER: phase });
      expect(killed.code, `${killed.stderr}\nThe site's output:\n${serverOutput}`).toBe(-1);
      expect(readFileSync(path.join(dataDir, "update/state.json"), "utf8")).toContain(`"phase": "${phase}"`);

      const again = await update();

      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain("Trovato un aggiornamento interrotto");
      expect(await readyz()).toEqual({ status: 200, version: target });
      expect(git(site, "rev-parse", "HEAD")).toBe(target);
      expectKept(before, await snapshot());
    }, 120_000);
  }
});
