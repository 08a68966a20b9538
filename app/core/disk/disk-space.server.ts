import { statfs } from "node:fs/promises";
import path from "node:path";
import { formatDecimal } from "~/core/format/italian-format";

/** The disk holding a folder: bytes free for this process, and its size. */
export interface DiskSpace {
  free: number;
  total: number;
}

/** Reads the disk's figures; tests pass their own to play a full disk. */
export type DiskSpaceReader = (dir: string) => Promise<DiskSpace>;

/** Left free after any write: the database, the logs and the system need room to work. */
export const DISK_MARGIN_BYTES = 256 * 1024 * 1024;

/** Above these the backup screen warns, then her to-do list does. */
export const DISK_WARN_RATIO = 0.9;
export const DISK_ALERT_RATIO = 0.95;

/**
 * Something would not fit on the disk: refused before a byte was written. The message is Italian,
 * for her screen or the command line.
 */
export class DiskFullError extends Error {
  override name = "DiskFullError";
}

/** The disk that holds `dir`, or would once it is created. */
export const diskSpace: DiskSpaceReader = async (dir) => {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const disk = await statfs(at);
      return { free: disk.bavail * disk.bsize, total: disk.blocks * disk.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || at === path.dirname(at)) throw error;
    }
  }
};

/**
 * Throws DiskFullError unless `bytes` fit in `dir` with the margin left over.
 * `what` names the work in the message ("il backup", "la foto").
 */
export async function ensureRoom(
  dir: string,
  bytes: number,
  what: string,
  options: { read?: DiskSpaceReader; margin?: number } = {},
): Promise<void> {
  const { free } = await (options.read ?? diskSpace)(dir);
  const needed = bytes + (options.margin ?? DISK_MARGIN_BYTES);
  if (free < needed) {
    throw new DiskFullError(
      `spazio su disco insufficiente per ${what}: servono ${formatSize(needed)} ` +
        `(compreso un margine di sicurezza), liberi ${formatSize(free)}. Libera spazio e riprova`,
    );
  }
}

/** How full the disk is, 0 to 1. */
export async function diskUsage(dir: string, read: DiskSpaceReader = diskSpace): Promise<number> {
  const { free, total } = await read(dir);
  return total > 0 ? Math.min(1, Math.max(0, 1 - free / total)) : 0;
}

/** True for the error a write gets when the disk filled up under it. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** "1,5 GB", as the admin reads sizes. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatDecimal(value, 1)} ${units[unit]}`;
}
