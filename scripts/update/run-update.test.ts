import { describe, expect, it } from "vitest";
import type { Journal } from "./journal.ts";
import { resumeUpdate, runUpdate, UpdateFailed, type Outcome, type UpdateOperations } from "./run-update.ts";

const OLD = "a".repeat(40);
const NEW = "b".repeat(40);

/** Operations over a pretend site: what each step did, in order, and where it may fail. */
function pretendSite(options: { failAt?: string; newMigrations?: boolean; answers?: string; head?: string } = {}) {
  const steps: string[] = [];
  let head = options.head ?? OLD;
  let migrations = "m1";
  let journal: Journal | null = null;
  let finished: Outcome | undefined;
  const step = (name: string) => {
    steps.push(name);
    if (options.failAt === name) throw new Error(`${name} failed`);
  };
  const ops: UpdateOperations = {
    head: () => head,
    dirty: () => false,
    fetchTarget: () => NEW,
    checkout: (commit) => {
      step(`checkout ${commit.slice(0, 1)}`);
      head = commit;
    },
    keepBuild: () => step("keep build"),
    restoreKeptBuild: () => (step("restore build"), true),
    dropKeptBuild: () => steps.push("drop build"),
    install: () => step("install"),
    build: () => step("build"),
    backup: async () => (step("backup"), "/backups/b.tar.gz"),
    migrations: async () => migrations,
    restore: async () => {
      step("restore");
      migrations = "m1";
    },
    siteRuns: () => true,
    restartAndCheck: async (commit) => {
      step(`restart ${commit.slice(0, 1)}`);
      if (commit === NEW && options.newMigrations) migrations = "m1,m2";
      return commit === NEW && options.failAt === "ready" ? "il sito risponde 503" : null;
    },
    stopSite: () => step("stop"),
    answersWith: async (commit) => commit === options.answers,
    journal: {
      read: () => journal,
      write: (value) => (journal = { ...value }),
      finish: (outcome) => {
        finished = outcome;
        journal = null;
      },
    },
    killPoint: () => {},
    log: () => {},
  };
  return { ops, steps, finished: () => finished, journal: () => journal, migrations: () => migrations };
}

describe("runUpdate", () => {
  it("backs up, moves, installs, builds and restarts, in that order", async () => {
    const site = pretendSite();
    const outcome = await runUpdate(site.ops, undefined);
    expect(outcome.outcome).toBe("updated");
    expect(site.steps).toEqual(["backup", "keep build", "checkout b", "install", "build", "restart b", "drop build"]);
    expect(site.finished()?.outcome).toBe("updated");
  });

  it("a version that never gets ready is undone, the restore undoing the migrations it ran", async () => {
    const site = pretendSite({ failAt: "ready", newMigrations: true });
    const failure = await runUpdate(site.ops, undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpdateFailed);
    expect((failure as Error).message).toMatch(/^Aggiornamento non riuscito: la nuova versione non è partita/);
    expect(site.steps.slice(6)).toEqual([
      "checkout a",
      "install",
      "restore build",
      "stop",
      "restore",
      "restart a",
      "drop build",
    ]);
    expect(site.migrations()).toBe("m1");
    expect(site.finished()?.outcome).toBe("rolled-back");
  });

  it("a failed build goes back without restoring a database nothing changed", async () => {
    const site = pretendSite({ failAt: "build" });
    await expect(runUpdate(site.ops, undefined)).rejects.toThrow(/il database non era stato modificato/);
    expect(site.steps).not.toContain("restore");
    expect(site.steps).toContain("restart a");
  });

  it("a failed backup changes nothing", async () => {
    const site = pretendSite({ failAt: "backup" });
    await expect(runUpdate(site.ops, undefined)).rejects.toThrow(/^Aggiornamento non iniziato/);
    expect(site.steps).toEqual(["backup"]);
  });
});

describe("resumeUpdate", () => {
  const journal = (phase: Journal["phase"]): Journal => ({
    phase,
    oldCommit: OLD,
    targetCommit: NEW,
    backup: "/backups/b.tar.gz",
    migrations: "m1",
    startedAt: "2026-01-01T00:00:00Z",
  });

  it("finishes an update killed after the restart when the site runs the new version", async () => {
    const site = pretendSite({ head: NEW, answers: NEW });
    expect((await resumeUpdate(site.ops, journal("restarted"))).outcome).toBe("updated");
    expect(site.steps).toEqual(["drop build"]);
  });

  it("undoes one killed between the checkout and its journal entry", async () => {
    const site = pretendSite({ head: NEW });
    expect((await resumeUpdate(site.ops, journal("backed-up"))).outcome).toBe("rolled-back");
    expect(site.steps).toEqual(["checkout a", "install", "restore build", "restart a", "drop build"]);
  });

  it("undoes one killed after the backup without touching anything", async () => {
    const site = pretendSite();
    expect((await resumeUpdate(site.ops, journal("backed-up"))).outcome).toBe("rolled-back");
    expect(site.steps).toEqual(["drop build"]);
  });
});

describe("lockUpdates", () => {
  it("lets one update run at a time, and takes over the lock of one that was killed", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { lockUpdates } = await import("./journal.ts");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "update-lock-"));
    const release = lockUpdates(dataDir);
    expect(() => lockUpdates(dataDir)).toThrow(/un altro aggiornamento è in corso/);
    release();
    // A pid no process has (above the kernel's maximum).
    writeFileSync(path.join(dataDir, "update/lock"), "4999999");
    lockUpdates(dataDir)();
  });
});
