// The update's journal (DATA_DIR/update/state.json): written atomically before and after each step,
// so that an update killed at any point (kill -9, a power cut) is found by the next one, which
// finishes or undoes it. Removed once the update ended; its outcome stays in last.json.
import {
  chownSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
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

/**
 * One update at a time: a lock file holding the pid of the update that made it. One left by a
 * process that is gone (killed) is taken over. Returns the function that releases it.
 */
export function lockUpdates(dataDir: string): () => void {
  const file = path.join(updateDir(dataDir), "lock");
  mkdirSync(updateDir(dataDir), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(`un altro aggiornamento è in corso (processo ${holder}): aspetta che finisca`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error("impossibile prendere il blocco degli aggiornamenti");
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Run as root (sudo, where systemd runs the site as its own user), what the update wrote under
 * DATA_DIR goes to the data folder's owner: the site reads the outcome and prunes the backups.
 */
export function giveToDataOwner(dataDir: string, files: (string | undefined)[]): void {
  const dir = updateDir(dataDir);
  let entries: string[] = [];
  try {
    entries = readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    // no update folder: the files alone
  }
  giveFilesToDataOwner(dataDir, [dir, ...entries, ...files]);
}

/**
 * As root, hands `files` to the data folder's owner, with the folders between them and DATA_DIR that
 * root made (DATA_DIR/backups, made by a first backup: the site writes its nightly backups there).
 */
export function giveFilesToDataOwner(dataDir: string, files: (string | undefined)[]): void {
  if (process.getuid?.() !== 0) return;
  let owner: { uid: number; gid: number };
  try {
    owner = statSync(dataDir);
  } catch {
    return;
  }
  if (owner.uid === 0) return;
  const inData = (p: string) => {
    const relative = path.relative(dataDir, p);
    return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  };
  const all = new Set<string>();
  for (const file of files) {
    if (!file) continue;
    all.add(file);
    for (let parent = path.dirname(file); inData(parent); parent = path.dirname(parent)) all.add(parent);
  }
  for (const file of all) {
    try {
      chownSync(file, owner.uid, owner.gid);
    } catch {
      // Best effort: the command's outcome stands either way.
    }
  }
}
