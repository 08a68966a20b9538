import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { beforeAll, describe, expect, it } from "vitest";
import { ageEncryptingStream, encryptWithPassphrase, startAgeFile, startAgeFileFor } from "./age-stream.server";
import { decryptFile, DecryptionRefusedError } from "./encryption.server";

const passphrase = "pane di segale e miele";
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "age-stream-"));
});

// scrypt's cost proves nothing about the format: cheap here but in the test of Debian's age.
const CHEAP = 10;

/** `plain` encrypted by our writer, fed in pieces of 10,000 bytes. */
async function encrypt(plain: Buffer, logN = CHEAP): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < plain.length; i += 10_000) pieces.push(plain.subarray(i, i + 10_000));
  const file = startAgeFile(passphrase, logN);
  const payload = await buffer(Readable.from(pieces).pipe(ageEncryptingStream(file.payloadKey)));
  const header = await file.header;
  expect(header.length).toBe(file.headerBytes);
  return Buffer.concat([header, payload]);
}

async function decrypted(bytes: Buffer, withPassphrase = passphrase): Promise<Buffer> {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}.age`);
  await writeFile(file, bytes);
  const out = `${file}.out`;
  await decryptFile(file, out, { passphrase: withPassphrase });
  return readFile(out);
}

// Sizes around the 64 KiB chunk: empty, one byte, exactly one chunk, one chunk and a byte, several.
const sizes = [0, 1, 65_536, 65_537, 3 * 65_536, 200_001];

/** `plain` encrypted by our writer to an X25519 recipient, fed in pieces of 10,000 bytes. */
async function encryptTo(recipient: string, plain: Buffer): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < plain.length; i += 10_000) pieces.push(plain.subarray(i, i + 10_000));
  const file = await startAgeFileFor(recipient);
  const payload = await buffer(Readable.from(pieces).pipe(ageEncryptingStream(file.payloadKey)));
  return Buffer.concat([file.header, payload]);
}

describe("backups in the age format to an X25519 key, the payload sealed by Node's cipher", () => {
  it.each(sizes)("age-encryption reads what we write to its recipient (%i bytes)", async (size) => {
    const identity = await generateX25519Identity();
    const plain = randomBytes(size);
    const bytes = await encryptTo(await identityToRecipient(identity), plain);
    expect(bytes.toString("latin1", 0, 40)).toMatch(/^age-encryption\.org\/v1\n-> X25519 /);
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    expect(Buffer.from(await decrypter.decrypt(bytes))).toEqual(plain);
    // Another key does not open it.
    const other = new Decrypter();
    other.addIdentity(await generateX25519Identity());
    await expect(other.decrypt(bytes)).rejects.toThrow(/no identity matched/);
  });

  it("Debian's age decrypts a backup with the key file and only the passphrase that protects it", async () => {
    const identity = await generateX25519Identity();
    const keyFile = path.join(dir, "studio-key.age");
    await writeFile(keyFile, await encryptWithPassphrase(Buffer.from(`${identity}\n`), passphrase));
    const plain = randomBytes(150_000);
    const file = path.join(dir, "to-key-for-age-cli.age");
    await writeFile(file, await encryptTo(await identityToRecipient(identity), plain));
    const out = path.join(dir, "from-age-cli-with-key");
    // age asks the key file's passphrase on a terminal only: `script` gives it one.
    execFileSync("script", ["-qec", `age -d -i ${keyFile} -o ${out} ${file}`, "/dev/null"], {
      input: `${passphrase}\n`,
      stdio: ["pipe", "ignore", "ignore"],
    });
    expect(await readFile(out)).toEqual(plain);
  });

  it("refuses a backup to a key when no key file is at hand, saying what is missing, writing nothing", async () => {
    const bytes = await encryptTo(await identityToRecipient(await generateX25519Identity()), randomBytes(1000));
    const file = path.join(dir, `${randomBytes(6).toString("hex")}.age`);
    await writeFile(file, bytes);
    const error = await decryptFile(file, `${file}.out`, { passphrase, keysDir: path.join(dir, "nessuna") }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DecryptionRefusedError);
    expect((error as Error).message).toMatch(/serve il suo file \(studio-key-….age, in DATA_DIR\/backup-keys/);
    await expect(readFile(`${file}.out`)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("age files encrypted with a passphrase (key files, and backups made before the keys)", () => {
  it.each(sizes)("age-encryption, the reference library, reads what we write (%i bytes)", async (size) => {
    const plain = randomBytes(size);
    const decrypter = new Decrypter();
    decrypter.addPassphrase(passphrase);
    expect(Buffer.from(await decrypter.decrypt(await encrypt(plain)))).toEqual(plain);
  });

  it.each(sizes)("we read what the reference library writes (%i bytes)", async (size) => {
    const plain = randomBytes(size);
    const encrypter = new Encrypter();
    encrypter.setPassphrase(passphrase);
    encrypter.setScryptWorkFactor(CHEAP);
    expect(await decrypted(Buffer.from(await encrypter.encrypt(plain)))).toEqual(plain);
  });

  it("Debian's age command decrypts a backup with only the passphrase, at age's own cost", async () => {
    const plain = randomBytes(150_000);
    const file = path.join(dir, "for-age-cli.age");
    const bytes = await encrypt(plain, 18);
    expect(bytes.toString("latin1", 0, 80)).toMatch(/^age-encryption\.org\/v1\n-> scrypt \S{22} 18\n/);
    await writeFile(file, bytes);
    // age reads the passphrase from a terminal only: `script` gives it one.
    const found = spawnSync("age", ["--version"]);
    expect(found.status, "Debian's age is installed by scripts/ensure-system-deps.sh").toBe(0);
    const out = path.join(dir, "from-age-cli");
    execFileSync("script", ["-qec", `age -d -o ${out} ${file}`, "/dev/null"], {
      input: `${passphrase}\n`,
      stdio: ["pipe", "ignore", "ignore"],
    });
    expect(await readFile(out)).toEqual(plain);
  });

  it("refuses a wrong passphrase, a flipped byte and a cut end, writing nothing", async () => {
    const bytes = await encrypt(randomBytes(200_000));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 70_000]! ^= 1;
    // Cut at a chunk's end: every chunk left is whole and sealed, but none says it is the last.
    const headerAndNonce = bytes.length - 200_000 - 4 * 16;
    const cut = bytes.subarray(0, headerAndNonce + 3 * (65_536 + 16));
    for (const [damaged, withPassphrase, said] of [
      [bytes, "un'altra passphrase", /^passphrase errata/],
      [flipped, passphrase, /danneggiato o manomesso/],
      [cut, passphrase, /danneggiato o manomesso/],
    ] as const) {
      const file = path.join(dir, `${randomBytes(6).toString("hex")}.age`);
      await writeFile(file, damaged);
      const error = await decryptFile(file, `${file}.out`, { passphrase: withPassphrase }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DecryptionRefusedError);
      expect((error as Error).message).toMatch(said);
      await expect(readFile(`${file}.out`)).rejects.toMatchObject({ code: "ENOENT" });
    }
  });
});
