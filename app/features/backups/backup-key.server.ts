import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Decrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { encryptWithPassphrase, passphraseIdentity } from "./age-stream.server";
import { isBackupKeyFileName } from "./backup-files.server";
import type { BackupBucket } from "./bucket.server";

// Backups are encrypted to an age X25519 key (decision 76): one X25519 per backup instead of a
// second of scrypt. The key's secret half is kept only encrypted with her passphrase, as an age
// passphrase file (`age -d -i studio-key-….age backup.age` reads it), in DATA_DIR/backup-keys and
// beside the copies in her bucket: the passphrase and the bucket's keys still restore everything.

/** Ours are about 400 bytes; anything much larger is not one. */
const KEY_FILE_LIMIT = 16 * 1024;

/** Where the site keeps its backup keys: DATA_DIR/backup-keys. */
export const backupKeysDir = (dataDir: string) => path.join(dataDir, "backup-keys");

export interface BackupKey {
  /** age1…, what every backup is encrypted to. */
  recipient: string;
  /** Its passphrase-encrypted identity file. */
  file: string;
  /** The file's bytes, written again if the file goes missing. */
  bytes: Buffer;
}

/** The identity (AGE-SECRET-KEY-1…) in a key file, or null when the passphrase does not open it. */
async function decryptKeyFile(bytes: Uint8Array, passphrase: string): Promise<string | null> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(passphraseIdentity(passphrase));
  let text: string;
  try {
    text = await decrypter.decrypt(bytes, "text");
  } catch {
    // Another passphrase, or not a key file of ours (damaged): either way not usable with this one.
    return null;
  }
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.startsWith("AGE-SECRET-KEY-1")) ?? null
  );
}

/** Each file and passphrase pays its scrypt once per process: backups, restores and drills alike. */
const openedKeyFiles = new Map<string, Promise<string | null>>();
const OPENED_KEY_FILES_LIMIT = 64;
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** The identity (AGE-SECRET-KEY-1…) in a key file, or null when the passphrase does not open it. */
export function openKeyFile(bytes: Uint8Array, passphrase: string): Promise<string | null> {
  const id = `${sha256(bytes)} ${sha256(passphrase)}`;
  let opened = openedKeyFiles.get(id);
  if (!opened) {
    if (openedKeyFiles.size >= OPENED_KEY_FILES_LIMIT) openedKeyFiles.clear();
    opened = decryptKeyFile(bytes, passphrase);
    openedKeyFiles.set(id, opened);
    opened.catch(() => openedKeyFiles.delete(id));
  }
  return opened;
}

async function localKeyFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // Newest first: the current key is found with one scrypt.
  return names.filter(isBackupKeyFileName).sort().reverse();
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  const { size } = await stat(file).catch(() => ({ size: -1 }));
  if (size < 0 || size > KEY_FILE_LIMIT) return undefined;
  return readFile(file);
}

/** Written 0600 under its final name only once complete, in a folder made 0700. */
async function writeKeyFile(dir: string, name: string, bytes: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  const handle = await open(partial, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return file;
}

const keyName = (date: Date) =>
  `studio-key-${date
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-")}-${randomBytes(2).toString("hex")}.age`;

/** Of the key files `names` (newest first), those her passphrase opens: only the first if `first`. */
async function openKeys(
  names: string[],
  read: (name: string) => Promise<Buffer | undefined>,
  passphrase: string,
  first: boolean,
) {
  const opened: Array<{ name: string; bytes: Buffer; identity: string }> = [];
  for (const name of names) {
    const bytes = await read(name);
    const identity = bytes && (await openKeyFile(bytes, passphrase));
    if (identity) opened.push({ name, bytes: bytes!, identity });
    if (identity && first) break;
  }
  return opened;
}

/** The key files of her bucket her passphrase opens but those named in `seen`. */
async function openBucketKeys(passphrase: string, bucket: BackupBucket, seen: string[], first: boolean) {
  const names = (await bucket.listKeys()).sort().reverse();
  const fresh = names.filter((name) => !seen.includes(name));
  return { names, opened: await openKeys(fresh, (name) => bucket.downloadKey(name), passphrase, first) };
}

/** The key files of `dir` her passphrase opens. */
async function openLocalKeys(passphrase: string, dir: string, first: boolean) {
  const names = await localKeyFiles(dir);
  const read = (name: string) => readKeyFile(path.join(dir, name));
  return { names, opened: await openKeys(names, read, passphrase, first) };
}

/**
 * The key her passphrase opens: the newest such file of `dir`, else of her bucket (copied into
 * `dir`), else a new one made now. A changed passphrase therefore makes a new key; the old files
 * stay, and backups made before the change need the old passphrase.
 */
async function findOrMakeKey(options: { passphrase: string; dir: string; bucket?: BackupBucket }): Promise<BackupKey> {
  const local = await openLocalKeys(options.passphrase, options.dir, true);
  const [mine] = local.opened;
  if (mine) {
    const file = path.join(options.dir, mine.name);
    return { recipient: await identityToRecipient(mine.identity), file, bytes: mine.bytes };
  }
  if (options.bucket) {
    // Her bucket unreachable: a new key rather than no backup (a passphrase opens both).
    const [inBucket] = await openBucketKeys(options.passphrase, options.bucket, local.names, true)
      .then((keys) => keys.opened)
      .catch(() => []);
    if (inBucket) {
      const file = await writeKeyFile(options.dir, inBucket.name, inBucket.bytes);
      return { recipient: await identityToRecipient(inBucket.identity), file, bytes: inBucket.bytes };
    }
  }
  const created = new Date();
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const text = `# created: ${created.toISOString()}\n# public key: ${recipient}\n${identity}\n`;
  const bytes = await encryptWithPassphrase(Buffer.from(text), options.passphrase);
  return { recipient, file: await writeKeyFile(options.dir, keyName(created), bytes), bytes };
}

/** One look-up per process and passphrase: the server pays its scrypt once, not every night. */
const found = new Map<string, Promise<BackupKey>>();

/** The key backups are encrypted to for this passphrase (see findOrMakeKey); its file is on disk. */
export async function backupKey(options: {
  passphrase: string;
  dir: string;
  bucket?: BackupBucket;
}): Promise<BackupKey> {
  const id = `${path.resolve(options.dir)}\n${sha256(options.passphrase)}`;
  let pending = found.get(id);
  if (!pending) {
    pending = findOrMakeKey(options);
    found.set(id, pending);
    pending.catch(() => found.delete(id));
  }
  const key = await pending;
  // Deleted since it was found: written again, it is the only way to read the backups made to it.
  if (!(await stat(key.file).catch(() => undefined)))
    await writeKeyFile(path.dirname(key.file), path.basename(key.file), key.bytes);
  return key;
}

/** The identities her passphrase opens among the key files of `dir`, and the names of all of them. */
export async function localIdentities(
  passphrase: string,
  dir: string,
): Promise<{ identities: string[]; names: string[] }> {
  const { names, opened } = await openLocalKeys(passphrase, dir, false);
  return { identities: opened.map((key) => key.identity), names };
}

/** The identities her passphrase opens among the key files in her bucket, but those named in `seen`. */
export async function bucketIdentities(
  passphrase: string,
  bucket: BackupBucket,
  seen: string[],
): Promise<{ identities: string[]; names: string[] }> {
  const { names, opened } = await openBucketKeys(passphrase, bucket, seen, false);
  return { identities: opened.map((key) => key.identity), names };
}
