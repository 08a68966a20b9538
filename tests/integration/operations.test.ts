import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recipePhotos } from "~/features/photos/schema";
import { reviews } from "~/features/reviews/schema";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { adminCreate, jpeg } from "../support/admin";
import {
  freePort,
  newDataDir as copyOfMigratedSite,
  SERVER_ENTRY,
  startAppServer,
  type AppServer,
} from "../support/app-server";
import { carryTokens, fillTimeToken } from "../support/fill-time";
import { postReview } from "../support/reviews";
import { descendants, isAlive, postmasterPid, postmasterPidFile } from "../support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "operazioni@studio.test", password: "password-operazioni-2026" };

const newDataDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
/** For a test not about a first start: a copy of the migrated cluster, without initdb and the migrations. */
const migratedDataDir = (prefix: string) => copyOfMigratedSite(`${prefix}-`, { migrated: true });
async function rowsIn(dataDir: string) {
  const database = await openSiteDatabase({ dataDir });
  try {
    const reviewNames = (await database.db.select({ name: reviews.name }).from(reviews)).map((r) => r.name);
    const photoIds = (await database.db.select({ id: recipePhotos.id }).from(recipePhotos)).map((r) => r.id);
    return { reviewNames: new Set(reviewNames), photoIds: new Set(photoIds) };
  } finally {
    await database.close();
  }
}

/** A process running the site's server (not its PostgreSQL, which outlives a kill -9 by design). */
function isServerProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(SERVER_ENTRY);
  } catch {
    return false;
  }
}

async function login(server: AppServer): Promise<string> {
  const response = await fetch(`${server.url}/admin-login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    headers: { Origin: server.url },
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  if (!cookie) throw new Error(`login failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

describe("the embedded PostgreSQL after a crash of the app", () => {
  it("kill -9 of the app ten times during uploads and review posts: every acknowledged row is there after a restart", async () => {
    const dataDir = newDataDir("kill9");
    expect(adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--new"], ADMIN.password).code).toBe(0);
    const photo = await jpeg(800, 600);
    const acknowledgedReviews: string[] = [];
    const acknowledgedPhotos: string[] = [];
    let cookie: string | undefined;
    let previousUrl: string | undefined;

    for (let round = 0; round < 10; round++) {
      // Right after the kill: PostgreSQL is still running (or still recovering) and must be picked up.
      const server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_RATE_LIMIT: "10000" }, 60_000);
      // Signed in once: the session is in the database, and outlives each kill.
      const session = (cookie ??= await login(server));
      // A review form is accepted only once it has been open for the minimum fill time: get that
      // wait behind us, so the writers are busy when the kill comes. The same site accepts the
      // tokens its server signed before the kill: that wait comes in the first round only.
      if (previousUrl) carryTokens(previousUrl, server.url);
      previousUrl = server.url;
      await fillTimeToken(server.url);
      // What each writer got this round (0: no answer), and the server's output, said if the round fails.
      const answers: { reviews: Record<number, number>; photos: Record<number, number> } = { reviews: {}, photos: {} };
      let stop = false;
      const reviewWriter = (async () => {
        for (let i = 0; !stop; i++) {
          const name = `Round ${round} recensione ${i}`;
          const status = await postReview(server.url, { name }).catch(() => 0);
          answers.reviews[status] = (answers.reviews[status] ?? 0) + 1;
          if (status === 303) acknowledgedReviews.push(name);
        }
      })();
      const photoWriter = (async () => {
        while (!stop) {
          const form = new FormData();
          form.set("title", `Round ${round}`);
          form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "foto.jpg");
          const response = await fetch(`${server.url}/admin/foto`, {
            method: "POST",
            body: form,
            headers: { Cookie: session, Origin: server.url, Accept: "application/json" },
          }).catch(() => null);
          const status = response?.status ?? 0;
          answers.photos[status] = (answers.photos[status] ?? 0) + 1;
          if (response?.ok) {
            const body = (await response.json().catch(() => null)) as { id?: string } | null;
            if (body?.id) acknowledgedPhotos.push(body.id);
          }
        }
      })();
      // The kill comes while both writers are busy: once each has had a write acknowledged this
      // round (an upload can take seconds on a loaded machine), at a random moment after that.
      const reviewsBefore = acknowledgedReviews.length;
      const photosBefore = acknowledgedPhotos.length;
      const deadline = Date.now() + 60_000;
      try {
        while (acknowledgedReviews.length === reviewsBefore || acknowledgedPhotos.length === photosBefore) {
          if (Date.now() > deadline) {
            throw new Error(
              `round ${round}: no review and photo acknowledged within 60 s; answers ${JSON.stringify(answers)}; ` +
                `server output:\n${server.output().slice(-3000)}`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 800));
      } finally {
        // The kill, or on a failed round the end of its writers and server (not left to load the suite).
        const serverProcesses = descendants(server.process.pid!).filter((pid) => isServerProcess(pid));
        server.process.kill("SIGKILL");
        stop = true;
        await Promise.all([reviewWriter, photoWriter, server.stop()]);
        // Its server processes follow it: none stays behind holding the port and its connections.
        const gone = Date.now() + 15_000;
        while (serverProcesses.some(isAlive) && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
        expect(serverProcesses.filter(isAlive), `round ${round}: server processes left after the kill`).toEqual([]);
      }
    }

    expect(acknowledgedReviews.length).toBeGreaterThanOrEqual(10);
    expect(acknowledgedPhotos.length).toBeGreaterThanOrEqual(10);
    const last = await startAppServer({ DATA_DIR: dataDir }, 60_000);
    const { reviewNames, photoIds } = await rowsIn(dataDir);
    expect(acknowledgedReviews.filter((name) => !reviewNames.has(name))).toEqual([]);
    expect(acknowledgedPhotos.filter((id) => !photoIds.has(id))).toEqual([]);
    // The command found the server's PostgreSQL running and left it so; the server stops it.
    expect(await last.stop()).toBe(0);
    expect(existsSync(postmasterPidFile(dataDir))).toBe(false);
  }, 600_000);

  it("starts after PostgreSQL was killed too, leaving a stale postmaster.pid", { timeout: 120_000 }, async () => {
    const dataDir = migratedDataDir("stale-pid");
    const first = await startAppServer({ DATA_DIR: dataDir });
    expect(await postReview(first.url, { name: "Prima del guasto" })).toBe(303);
    const postmaster = postmasterPid(dataDir);
    first.process.kill("SIGKILL");
    await first.stop();
    process.kill(postmaster, "SIGKILL");
    while (isAlive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(postmasterPidFile(dataDir))).toBe(true);

    const second = await startAppServer({ DATA_DIR: dataDir }, 60_000);
    try {
      expect(await (await fetch(`${second.url}/reviews`)).text()).toContain("Prima del guasto");
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it("PostgreSQL killed under a running site is started again: the pages come back by themselves", {
    timeout: 120_000,
  }, async () => {
    const dataDir = migratedDataDir("pg-killed");
    const server = await startAppServer({ DATA_DIR: dataDir });
    try {
      expect(await postReview(server.url, { name: "Prima del guasto al database" })).toBe(303);
      const postmaster = postmasterPid(dataDir);
      process.kill(postmaster, "SIGKILL");
      while (isAlive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 50));
      // The site answers again once the supervisor has started PostgreSQL again; nothing is lost.
      const deadline = Date.now() + 60_000;
      let page = "";
      for (;;) {
        const response = await fetch(`${server.url}/reviews`).catch(() => null);
        if (response?.ok) {
          page = await response.text();
          break;
        }
        if (Date.now() > deadline) throw new Error(`no page 60 s after PostgreSQL was killed:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(page).toContain("Prima del guasto al database");
      expect(postmasterPid(dataDir)).not.toBe(postmaster);
      expect(server.output()).toContain("PostgreSQL stopped under the running site; starting it again");
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // Stopped with the site, as always.
    expect(existsSync(postmasterPidFile(dataDir))).toBe(false);
  });

  it("refuses a data directory of the previous embedded engine with a message saying what to do", () => {
    const dataDir = newDataDir("pglite-left");
    mkdirSync(path.join(dataDir, "db"));
    writeFileSync(path.join(dataDir, "db", "PG_VERSION"), "17\n");
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("previous embedded engine (PGlite)");
    expect(result.stderr).toContain("npm run db:import-pglite");
    expect(result.stderr).toContain(`move ${path.join(dataDir, "db")} out of ${dataDir}`);
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });
});

describe("npm start under a supervisor", () => {
  it("SIGTERM to npm's process stops every server process and PostgreSQL, and exits 0", async () => {
    const dataDir = migratedDataDir("npm-start");
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        WEB_CONCURRENCY: "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout!.on("data", (chunk) => (output += chunk));
    npm.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`not ready:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const postmaster = postmasterPid(dataDir);
    const siteProcesses = descendants(npm.pid!);
    expect(siteProcesses.length).toBeGreaterThanOrEqual(3); // supervisor and two servers
    const started = Date.now();
    npm.kill("SIGTERM");
    expect(await exited, output).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(siteProcesses.filter(isAlive)).toEqual([]);
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(postmasterPidFile(dataDir))).toBe(false);
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null)).toBeNull();
  }, 90_000);
});
