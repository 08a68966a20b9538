// The machine under the site: free disk where its data are, the last backup's age, memory, Node.
import { statfs } from "node:fs/promises";
import os from "node:os";
import { type Check, failed, passed, warned } from "./check";

const MB = 1024 * 1024;
const GB = 1024 * MB;
const DAY_MS = 24 * 60 * 60 * 1000;
/** As the backup screen's warning: a good backup older than two days is late. */
const BACKUP_LATE_MS = 2 * DAY_MS;
/** The whole site holds about 180 MB idle at one server process (npm run bench:memory). */
const MEMORY_LOW = 200 * MB;
const MEMORY_VERY_LOW = 100 * MB;

const size = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toFixed(1).replace(".", ",")} GB` : `${Math.round(bytes / MB)} MB`;

export async function diskCheck(dataDir: string): Promise<Check> {
  const title = "Spazio libero su disco";
  const stats = await statfs(dataDir).catch(() => null);
  if (!stats)
    return failed(
      "disk",
      title,
      `La cartella dei dati ${dataDir} non si legge.`,
      "Controlla DATA_DIR: la cartella deve esistere ed essere del sito.",
    );
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  const detail = `${size(free)} liberi su ${size(total)} dove sono i dati (${dataDir}).`;
  const fix =
    "Libera spazio: i backup vecchi (BACKUP_KEEP ne tiene meno), i log di sistema (journalctl --vacuum-size=200M), o amplia il disco dal pannello del fornitore.";
  if (free < GB) return failed("disk", title, detail, fix);
  if (free < 3 * GB || free < total * 0.1) return warned("disk", title, detail, fix);
  return passed("disk", title, detail);
}

export function backupCheck(
  last: { at: Date; name: string } | null,
  nightlyOff: boolean,
  backupDir: string,
  now = new Date(),
): Check {
  const title = "Ultimo backup";
  const fix = nightlyOff
    ? "Il backup automatico è spento (BACKUP_TIME=off): riaccendilo (ad esempio BACKUP_TIME=03:30) o fanne uno dalla schermata Backup del pannello."
    : "Guarda la schermata Backup del pannello (dice se l'ultimo è fallito e perché) e fanne uno subito.";
  if (!last) return failed("backup", title, `Nessun backup in ${backupDir}.`, fix);
  const ageMs = now.getTime() - last.at.getTime();
  const hours = Math.floor(ageMs / (60 * 60 * 1000));
  const age = hours < 48 ? `${hours} ore fa` : `${Math.floor(ageMs / DAY_MS)} giorni fa`;
  const detail = `${last.name}, ${age}.`;
  return ageMs > BACKUP_LATE_MS ? failed("backup", title, detail, fix) : passed("backup", title, detail);
}

export function memoryCheck(): Check {
  const title = "Memoria";
  const free = os.freemem();
  const detail = `${size(free)} disponibili su ${size(os.totalmem())}.`;
  const fix =
    "Il sito con un solo processo usa circa 180 MB: imposta WEB_CONCURRENCY=1, chiudi altri programmi, o scegli un VPS con più memoria.";
  if (free < MEMORY_VERY_LOW) return failed("memory", title, detail, fix);
  if (free < MEMORY_LOW) return warned("memory", title, detail, fix);
  return passed("memory", title, detail);
}

export function nodeCheck(version = process.versions.node): Check {
  const title = "Versione di Node";
  const major = Number(version.split(".")[0]);
  return major >= 24
    ? passed("node", title, `Node ${version}.`)
    : failed(
        "node",
        title,
        `Node ${version}: il sito chiede Node 24.`,
        "Lancia npm ci nella cartella del sito (installa Node 24 con il sito) e usa npm start o npm run service:install.",
      );
}
