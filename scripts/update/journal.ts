// The update's journal (DATA_DIR/update/state.json): written atomically before and after each step,
// so that an update killed at any point (kill -9, a power cut) is found by the next one, which
// finishes or undoes it. Removed once the update ended; its outcome stays in last.json.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  type LastUpdate,
  lastUpdateFile,
  updateDir,
  writeJsonAtomic,
} from "../../app/core/server/site-version.server.ts";

/** In order: each is written once the step it names is done. */
export const PHASES = ["started", "backed-up", "checked-out", "installed", "built", "restarted"] as const;
export type Phase = (typeof PHASES)[number];

export interface Journal {
  phase: Phase;
  oldCommit: string;
  targetCommit: string;
  /** The backup taken first (absent before it is done). */
  backup?: string;
  /** The applied migrations when the backup was taken: changed later, the restore undoes them. */
  migrations?: string;
  startedAt: string;
}

export const journalFile = (dataDir: string) => path.join(updateDir(dataDir), "state.json");

export function readJournal(dataDir: string): Journal | null {
  let text: string;
  try {
    text = readFileSync(journalFile(dataDir), "utf8");
  } catch {
    return null;
  }
  const value = JSON.parse(text) as Journal;
  if (!PHASES.includes(value.phase) || !/^[0-9a-f]{40}$/.test(value.oldCommit)) {
    throw new Error(`${journalFile(dataDir)} non è leggibile: controllalo o cancellalo a mano`);
  }
  return value;
}

export const writeJournal = (dataDir: string, journal: Journal) => writeJsonAtomic(journalFile(dataDir), journal);

/** The update ended (either way): its outcome for the admin, then the journal removed. */
export function finishJournal(dataDir: string, outcome: LastUpdate): void {
  writeJsonAtomic(lastUpdateFile(dataDir), outcome);
  rmSync(journalFile(dataDir), { force: true });
}

/** Tests only (NODE_ENV=test): UPDATE_TEST_KILL_AFTER=<phase> kills the update as a power cut would. */
export function testKillPoint(phase: Phase): void {
  if (process.env.NODE_ENV === "test" && process.env.UPDATE_TEST_KILL_AFTER === phase) {
    process.kill(process.pid, "SIGKILL");
  }
}
