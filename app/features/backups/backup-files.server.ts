import { chmod, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { romeInstant, romeWallClock } from "~/core/format/rome-clock";

/** studio-YYYYMMDD-HHMM.tar.gz, with -2, -3… when several are made in one minute; .tar.gz.age encrypted. */
const backupName = /^studio-([0-9]{8})-([0-9]{4})(?:-([0-9]+))?\.tar\.gz(?:\.age)?$/;
const STALE_PARTIAL_MS = 6 * 60 * 60 * 1000;

export interface BackupFile {
  name: string;
  file: string;
  bytes: number;
  modifiedAt: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The name for a backup made at `date`, by Italy's clock (the site's, whatever the server's zone):
 * the name reads as the time the admin screen shows.
 */
export function backupFileName(date: Date, sequence = 1, encrypted = false): string {
  const rome = romeWallClock(date.getTime());
  const stamp =
    `${rome.getUTCFullYear()}${pad(rome.getUTCMonth() + 1)}${pad(rome.getUTCDate())}` +
    `-${pad(rome.getUTCHours())}${pad(rome.getUTCMinutes())}`;
  return `studio-${stamp}${sequence > 1 ? `-${sequence}` : ""}.tar.gz${encrypted ? ".age" : ""}`;
}

export function isBackupFileName(name: string): boolean {
  return backupName.test(name);
}

/** A backup key file (backup-key.server.ts): studio-key-YYYYMMDD-HHMMSS-xxxx.age, sorting by its UTC time. */
export const isBackupKeyFileName = (name: string) => /^studio-key-[0-9]{8}-[0-9]{6}-[0-9a-f]{4}\.age$/.test(name);

/** A path in `dir` that sorts after every backup already there from the same minute. */
export async function nextBackupPath(dir: string, date: Date, encrypted = false): Promise<string> {
  const stamp = backupFileName(date).replace(/\.tar\.gz$/, "");
  let last = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const match = backupName.exec(name);
    if (match && name.startsWith(stamp)) last = Math.max(last, Number(match[3] ?? 1));
  }
  return path.join(dir, backupFileName(date, last + 1, encrypted));
}

/** When a backup was made, read from its name (Italy's clock); undefined for another name. */
export function backupNameDate(name: string): Date | undefined {
  const match = backupName.exec(name);
  if (!match) return undefined;
  const [, day, time] = match as unknown as [string, string, string];
  const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
  return new Date(romeInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(2, 4))));
}

export const sortKey = (name: string) => {
  const [, day, time, sequence] = backupName.exec(name)!;
  return `${day}${time}${(sequence ?? "1").padStart(6, "0")}`;
};

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names.filter(isBackupFileName)) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile()) files.push({ name, file: path.join(dir, name), bytes: info.size, modifiedAt: info.mtime });
  }
  return files.sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? 1 : -1));
}

/**
 * Keeps the newest `keep` backups and deletes the rest, with leftovers of
 * interrupted runs (a .partial or work folder untouched for hours).
 * Returns the names deleted.
 */
export async function pruneBackups(dir: string, keep: number, now = new Date()): Promise<string[]> {
  const removed: string[] = [];
  for (const old of (await listBackups(dir)).slice(keep)) {
    await rm(old.file, { force: true });
    removed.push(old.name);
  }
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(".partial") && !name.startsWith(".backup-work-")) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && now.getTime() - info.mtime.getTime() > STALE_PARTIAL_MS) {
      await rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
  return removed;
}

/**
 * The backups folder, for this user only: created 0700, or narrowed to 0700 (and the backups
 * in it to 0600, as older versions wrote them 0644) when this user owns it. Returns a warning,
 * in Italian, when others may read it and it is not this user's to change.
 */
export async function makeBackupFolderPrivate(dir: string): Promise<string | undefined> {
  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  // Windows has no such permission bits.
  if (process.platform === "win32") return undefined;
  const info = await stat(dir);
  if ((info.mode & 0o077) === 0) return undefined;
  if (info.uid !== process.getuid?.()) {
    return (
      `la cartella dei backup ${dir} è accessibile ad altri utenti (permessi ${(info.mode & 0o777).toString(8)}) ` +
      `e appartiene a un altro utente: chi la gestisce la restringa con chmod 700`
    );
  }
  await chmod(dir, 0o700);
  for (const backup of await listBackups(dir)) {
    const file = await stat(backup.file);
    if ((file.mode & 0o077) !== 0 && file.uid === info.uid) await chmod(backup.file, 0o600);
  }
  return undefined;
}
