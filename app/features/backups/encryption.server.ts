import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Duplex, Readable, Writable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { Decrypter, Encrypter } from "age-encryption";
import { BackupRejectedError } from "./rejected.server";
import { DiskFullError, type DiskSpaceReader, ensureRoom, isDiskFull } from "~/core/disk/disk-space.server";

// Backups are encrypted with the age format (decision 76): a passphrase, scrypt, then
// ChaCha20-Poly1305 in 64 KiB chunks, each authenticated. Debian's `age -d` reads the files.

/** The first line of every age file. */
const AGE_MAGIC = "age-encryption.org/v1\n";

/** Encrypted backups end in .age after their .tar.gz. */
export const ENCRYPTED_SUFFIX = ".age";

/** Thrown when a passphrase or an archive is refused: one Italian line, nothing written. */
export class DecryptionRefusedError extends BackupRejectedError {
  override name = "DecryptionRefusedError";
}

/** A stream that encrypts what goes through it for `passphrase`, a chunk at a time. */
export function encryptingStream(passphrase: string): Duplex {
  const input = new TransformStream<Uint8Array, Uint8Array>();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  const encrypted = encrypter.encrypt(input.readable);
  async function* output() {
    for await (const chunk of Readable.fromWeb((await encrypted) as WebReadableStream<Uint8Array>)) yield chunk;
  }
  return Duplex.from({ writable: Writable.fromWeb(input.writable), readable: Readable.from(output()) });
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

/**
 * Decrypts `file` into `output` (created 0600, never overwritten). A wrong passphrase or a changed
 * byte anywhere is refused with DecryptionRefusedError, and `output` is removed: nothing half-written.
 */
export async function decryptFile(file: string, output: string, passphrase: string): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plain: ReadableStream<Uint8Array>;
  const source = createReadStream(file);
  try {
    plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  } catch (error) {
    source.destroy();
    throw new DecryptionRefusedError(
      /no identity matched/i.test((error as Error).message)
        ? "passphrase errata (o intestazione del file manomessa): il backup non può essere decifrato"
        : "il file cifrato è danneggiato o manomesso (intestazione non valida)",
    );
  }
  try {
    await pipeline(
      Readable.fromWeb(plain as WebReadableStream<Uint8Array>),
      createWriteStream(output, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    await rm(output, { force: true });
    if (isDiskFull(error)) throw new DiskFullError("spazio su disco esaurito durante la decifratura del backup");
    if ((error as NodeJS.ErrnoException).code) throw error;
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
  options: { file: string; passphrase?: string; workDir: string; diskSpace?: DiskSpaceReader },
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
    await decryptFile(options.file, plain, options.passphrase);
    return await use(plain);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
