import { type Result, refused, succeeded } from "~/core/result";
import path from "node:path";
import type { Db } from "~/core/db/database.server";
import { backupChecks } from "./schema";
import type { BackupBucket } from "./bucket.server";
import { ENCRYPTED_SUFFIX } from "./encryption.server";
import { copiesToKeep, DEFAULT_RETENTION, type RetentionPolicy } from "./retention";

/** The copy made (its name, size, the copies pruned), or why it failed, in Italian for her screen. */
export type CopyOutcome = Result<
  { name: string; bytes: number; pruned: string[] },
  "copyFailed",
  { name: string; error: string }
>;

/**
 * Copies an encrypted backup to her bucket, then deletes the copies the retention does not keep
 * (7 daily, 4 weekly, 12 monthly). Records the outcome for the backup screen and her to-do list;
 * never throws: the backup on this disk is good whatever happens to its copy.
 */
export async function copyToBucket(deps: {
  db: Db;
  bucket: BackupBucket;
  file: string;
  /** The key file the backup is encrypted to: a copy is unreadable without it. */
  keyFile?: string;
  policy?: RetentionPolicy;
}): Promise<CopyOutcome> {
  const name = path.basename(deps.file);
  let outcome: CopyOutcome;
  try {
    // Copies leave the machine encrypted, or not at all.
    if (!name.endsWith(ENCRYPTED_SUFFIX)) throw new Error("il backup non è cifrato: imposta BACKUP_PASSPHRASE");
    // Sent again each time (a few hundred bytes): a key lost from the bucket comes back.
    if (deps.keyFile) await deps.bucket.uploadKey(deps.keyFile, path.basename(deps.keyFile));
    const bytes = await deps.bucket.upload(deps.file, name);
    const copies = await deps.bucket.list();
    const keep = copiesToKeep(copies, deps.policy ?? DEFAULT_RETENTION);
    keep.add(name);
    const pruned: string[] = [];
    for (const copy of copies) {
      if (keep.has(copy.name)) continue;
      await deps.bucket.delete(copy.name);
      pruned.push(copy.name);
    }
    outcome = succeeded({ name, bytes, pruned });
  } catch (error) {
    outcome = refused("copyFailed", {
      name,
      error: `copia in ${deps.bucket.label} non riuscita: ${(error as Error).message}`,
    });
  }
  await deps.db
    .insert(backupChecks)
    .values({
      kind: "copy",
      ok: outcome.ok,
      name,
      bytes: outcome.ok ? outcome.value.bytes : null,
      detail: outcome.ok ? null : (outcome.detail?.error ?? "").slice(0, 2000),
    })
    .catch(() => {});
  return outcome;
}
