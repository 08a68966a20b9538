import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Decrypter } from "age-encryption";
import { AGE_NONCE_BYTES, ageDecryptingStream, agePayloadKey, passphraseIdentity } from "./age-stream.server";
import { bucketIdentities, localIdentities } from "./backup-key.server";
import type { BackupBucket } from "./bucket.server";
import { BackupRejectedError } from "./rejected.server";
import { DiskFullError, type DiskSpaceReader, ensureRoom, isDiskFull } from "~/core/disk/disk-space.server";

// Backups are encrypted with the age format (decision 76): to an X25519 key kept encrypted with her
// passphrase (backup-key.server.ts), or, before that, to the passphrase itself (scrypt); then
// ChaCha20-Poly1305 in 64 KiB chunks, each authenticated. Debian's `age -d` reads the files.
// Writing them is age-stream.server.ts's; reading checks the header with age-encryption.

/** The first line of every age file. */
const AGE_MAGIC = "age-encryption.org/v1\n";

/** Encrypted backups end in .age after their .tar.gz. */
export const ENCRYPTED_SUFFIX = ".age";

/** Thrown when a passphrase or an archive is refused: one Italian line, nothing written. */
export class DecryptionRefusedError extends BackupRejectedError {
  override name = "DecryptionRefusedError";
}

/** Whether `file` starts as an age file does. */
export async function isEncryptedFile(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.toString("latin1") === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

/** The longest header read: ours is under 200 bytes, age's own a few hundred per recipient. */
const HEADER_LIMIT = 16 * 1024;

/** What opens a backup: her passphrase, and where the keys it protects are kept. */
export interface DecryptionKeys {
  passphrase: string;
  /** DATA_DIR/backup-keys. */
  keysDir?: string;
  /** Her bucket: its keys are tried when none of the folder's opens the file. */
  bucket?: BackupBucket;
}

const WRONG_PASSPHRASE = "passphrase errata (o intestazione del file manomessa): il backup non può essere decifrato";

/** The file key of `header`, from the passphrase (older backups) or the keys it opens. */
async function fileKeyOf(header: Buffer, keys: DecryptionKeys): Promise<Uint8Array> {
  const attempt = async (identities: string[]) => {
    const decrypter = new Decrypter();
    decrypter.addIdentity(passphraseIdentity(keys.passphrase));
    for (const identity of identities) decrypter.addIdentity(identity);
    try {
      return await decrypter.decryptHeader(header);
    } catch (error) {
      throw new DecryptionRefusedError(
        /no identity matched/i.test((error as Error).message)
          ? WRONG_PASSPHRASE
          : "il file cifrato è danneggiato o manomesso (intestazione non valida)",
      );
    }
  };
  // Only a file to an X25519 key needs the key files (a scrypt each).
  if (!header.includes("\n-> X25519 ")) return attempt([]);
  const local = keys.keysDir ? await localIdentities(keys.passphrase, keys.keysDir) : { identities: [], names: [] };
  const noKeyFile = () =>
    new DecryptionRefusedError(
      "il backup è cifrato con la chiave dei backup: serve il suo file (studio-key-….age, in DATA_DIR/backup-keys " +
        "o nello spazio esterno BACKUP_S3_*) oltre alla passphrase",
    );
  if (local.names.length > 0) {
    try {
      return await attempt(local.identities);
    } catch (error) {
      if (!keys.bucket || (error as Error).message !== WRONG_PASSPHRASE) throw error;
    }
  }
  if (!keys.bucket) throw noKeyFile();
  // A new machine, or the key file lost here: the copies' keys are in her bucket.
  const inBucket = await bucketIdentities(keys.passphrase, keys.bucket, local.names);
  if (local.names.length === 0 && inBucket.names.length === 0) throw noKeyFile();
  return attempt(inBucket.identities);
}

/** The file key of `file`'s header, where its payload starts, and the payload's nonce. */
async function readHeader(file: string, keys: DecryptionKeys) {
  const handle = await open(file, "r");
  const head = Buffer.alloc(HEADER_LIMIT + AGE_NONCE_BYTES);
  let bytesRead: number;
  try {
    ({ bytesRead } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  const macLine = head.subarray(0, bytesRead).indexOf("\n--- ");
  const headerEnd = macLine < 0 ? -1 : head.indexOf("\n", macLine + 1) + 1;
  if (headerEnd <= 0 || headerEnd + AGE_NONCE_BYTES > bytesRead) {
    throw new DecryptionRefusedError("il file cifrato è danneggiato o manomesso (intestazione non valida)");
  }
  const fileKey = await fileKeyOf(head.subarray(0, headerEnd), keys);
  const nonce = head.subarray(headerEnd, headerEnd + AGE_NONCE_BYTES);
  return { payloadKey: agePayloadKey(fileKey, nonce), payloadStart: headerEnd + AGE_NONCE_BYTES };
}

/**
 * Decrypts `file` into `output` (created 0600, never overwritten). A wrong passphrase or a changed
 * byte anywhere is refused with DecryptionRefusedError, and `output` is removed: nothing half-written.
 */
export async function decryptFile(file: string, output: string, keys: DecryptionKeys): Promise<void> {
  const { payloadKey, payloadStart } = await readHeader(file, keys);
  try {
    await pipeline(
      createReadStream(file, { start: payloadStart }),
      ageDecryptingStream(payloadKey),
      createWriteStream(output, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    await rm(output, { force: true });
    if (isDiskFull(error)) throw new DiskFullError("spazio su disco esaurito durante la decifratura del backup");
    // A system error (not the cipher's refusal) is the disk's or the folder's: said as it is.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new DecryptionRefusedError(
      "il file cifrato è danneggiato o manomesso: la verifica di integrità non è riuscita",
    );
  }
}

/**
 * Hands `use` a plain archive: `file` itself, or its decryption in a private folder under `workDir`
 * (removed afterwards, whatever happens). An encrypted file without a passphrase is refused.
 */
export async function withPlainArchive<T>(
  options: {
    file: string;
    passphrase?: string;
    workDir: string;
    keysDir?: string;
    bucket?: BackupBucket;
    diskSpace?: DiskSpaceReader;
  },
  use: (plainFile: string) => Promise<T>,
): Promise<T> {
  let encrypted: boolean;
  try {
    encrypted = await isEncryptedFile(options.file);
  } catch {
    // Missing or unreadable: the archive check says so in its own words.
    return use(options.file);
  }
  if (!encrypted) return use(options.file);
  if (!options.passphrase) {
    throw new DecryptionRefusedError("il backup è cifrato: serve la passphrase (BACKUP_PASSPHRASE)");
  }
  const { size } = await stat(options.file);
  await ensureRoom(options.workDir, size, "decifrare il backup", { read: options.diskSpace });
  await mkdir(options.workDir, { recursive: true });
  // mkdtemp makes it 0700: the decrypted rows stay the process's own.
  const dir = await mkdtemp(path.join(options.workDir, ".decrypt-work-"));
  try {
    const plain = path.join(dir, "backup.tar.gz");
    await decryptFile(options.file, plain, {
      passphrase: options.passphrase,
      keysDir: options.keysDir,
      bucket: options.bucket,
    });
    return await use(plain);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
