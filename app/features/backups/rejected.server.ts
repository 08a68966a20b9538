/**
 * The backup was not used and nothing was changed: the message says why, in Italian. Thrown from deep
 * in the archive's streams and the restore's transaction, whose rollback it is; only the command line
 * (scripts/restore.ts) catches it.
 */
export class BackupRejectedError extends Error {
  override name = "BackupRejectedError";
}
