import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, scrypt } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Encrypter, type Identity } from "age-encryption";

// The age v1 format (https://age-encryption.org/v1), its payload written here with Node's native
// ChaCha20-Poly1305: age-encryption's JavaScript cipher ran at about 10 MB/s and doubled a backup's
// time (decision 76). A backup's header (an X25519 recipient) is age-encryption's; the passphrase
// header of a key file is written here so that scrypt runs off the event loop. age-encryption
// parses and checks every header we read back.

const VERSION_LINE = "age-encryption.org/v1\n";
/** age's own default: scrypt with N = 2^18, r = 8, p = 1. */
const SCRYPT_LOG_N = 18;
const SCRYPT_LABEL = "age-encryption.org/v1/scrypt";
const CHUNK = 64 * 1024;
const TAG = 16;
export const AGE_NONCE_BYTES = 16;

const base64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");
const hkdf = (key: Uint8Array, salt: Uint8Array, info: string) => Buffer.from(hkdfSync("sha256", key, salt, info, 32));

function seal(key: Buffer, nonce: Buffer, plain: Uint8Array): Buffer {
  const cipher = createCipheriv("chacha20-poly1305", key, nonce, { authTagLength: TAG });
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function open(key: Buffer, nonce: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < TAG) throw new Error("age chunk too short");
  const decipher = createDecipheriv("chacha20-poly1305", key, nonce, { authTagLength: TAG });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
}

/**
 * One new age file: its payload key at once, its header (with the payload's nonce) when scrypt is done.
 * The header's length is known before: the payload is written after that many bytes while scrypt
 * runs, and the header written in front of it last.
 */
export interface AgeFile {
  payloadKey: Buffer;
  headerBytes: number;
  header: Promise<Buffer>;
}

/**
 * Starts a file encrypted with `passphrase`. scrypt takes about a second, off the event loop, beside
 * the payload's encryption. A smaller `logN` only in tests of the format, where the cost proves nothing.
 */
export function startAgeFile(passphrase: string, logN = SCRYPT_LOG_N): AgeFile {
  const fileKey = randomBytes(16);
  const salt = randomBytes(16);
  const nonce = randomBytes(AGE_NONCE_BYTES);
  // Up to the MAC: the version line, the one scrypt stanza (the file key wrapped), then "---".
  const withoutMac = (body: Buffer) => `${VERSION_LINE}-> scrypt ${base64(salt)} ${logN}\n${base64(body)}\n---`;
  const headerText = (body: Buffer, mac: Buffer) => `${withoutMac(body)} ${base64(mac)}\n`;
  // A wrapped file key is 32 bytes and a MAC 32: the header's length does not depend on their values.
  const headerBytes = Buffer.byteLength(headerText(Buffer.alloc(32), Buffer.alloc(32))) + AGE_NONCE_BYTES;
  const header = new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase,
      Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]),
      32,
      { N: 2 ** logN, r: 8, p: 1, maxmem: 300 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  ).then((wrappingKey) => {
    const body = seal(wrappingKey, Buffer.alloc(12), fileKey);
    const mac = createHmac("sha256", hkdf(fileKey, Buffer.alloc(0), "header"))
      .update(withoutMac(body))
      .digest();
    const bytes = Buffer.concat([Buffer.from(headerText(body, mac)), nonce]);
    if (bytes.length !== headerBytes) throw new Error("age header of an unexpected length");
    return bytes;
  });
  // Awaited by the writer; unheard until then, a failure would end the process.
  header.catch(() => {});
  return { payloadKey: hkdf(fileKey, nonce, "payload"), headerBytes, header };
}

/**
 * A new age file for an X25519 recipient (`age1…`): its header and payload nonce, made by
 * age-encryption (one X25519 and HKDF, no scrypt), and the payload's key for ageEncryptingStream.
 */
export async function startAgeFileFor(recipient: string): Promise<{ header: Buffer; payloadKey: Buffer }> {
  let fileKey: Uint8Array | undefined;
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  // Called with the file key age-encryption just wrapped for the recipient: it adds no stanza.
  encrypter.addRecipient({
    wrapFileKey(key) {
      fileKey = key;
      return [];
    },
  });
  const empty = Buffer.from(await encrypter.encrypt(new Uint8Array(0)));
  // An empty payload is one sealed empty chunk after the header and nonce: ours takes its place.
  const header = empty.subarray(0, empty.length - TAG);
  if (!fileKey) throw new Error("age file key not seen");
  return { header, payloadKey: hkdf(fileKey, header.subarray(header.length - AGE_NONCE_BYTES), "payload") };
}

/** A small buffer encrypted with `passphrase` (scrypt off the event loop). */
export async function encryptWithPassphrase(plain: Buffer, passphrase: string, logN = SCRYPT_LOG_N): Promise<Buffer> {
  const file = startAgeFile(passphrase, logN);
  const payload = await buffer(Readable.from([plain]).pipe(ageEncryptingStream(file.payloadKey)));
  return Buffer.concat([await file.header, payload]);
}

/** age's passphrase identity, with Node's scrypt on its thread pool (age-encryption's blocks the event loop). */
export function passphraseIdentity(passphrase: string): Identity {
  return {
    async unwrapFileKey(stanzas) {
      const stanza = stanzas.find((s) => s.args[0] === "scrypt");
      if (!stanza) return null;
      // The spec: a passphrase file has no other recipient.
      if (stanzas.length !== 1) throw new Error("an age scrypt stanza must be alone");
      const [, saltText = "", logNText = ""] = stanza.args;
      const salt = Buffer.from(saltText, "base64");
      // Work factors above 2^20 would take seconds and a gigabyte: no file of ours has them.
      if (stanza.args.length !== 3 || !/^[1-9][0-9]?$/.test(logNText) || Number(logNText) > 20)
        throw new Error("invalid age scrypt stanza");
      if (salt.length !== 16 || base64(salt) !== saltText || stanza.body.length !== 32)
        throw new Error("invalid age scrypt stanza");
      const logN = Number(logNText);
      const key = await new Promise<Buffer>((resolve, reject) =>
        scrypt(
          passphrase,
          Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]),
          32,
          { N: 2 ** logN, r: 8, p: 1, maxmem: 2 ** logN * 1024 + 2 ** 20 },
          (error, derived) => (error ? reject(error) : resolve(derived)),
        ),
      );
      try {
        return open(key, Buffer.alloc(12), Buffer.from(stanza.body));
      } catch {
        // Another passphrase: not this identity's file.
        return null;
      }
    },
  };
}

/** The payload key of a file whose header gave `fileKey` and whose payload starts with `nonce`. */
export const agePayloadKey = (fileKey: Uint8Array, nonce: Uint8Array) => hkdf(fileKey, nonce, "payload");

/** age's STREAM nonce: an 11-byte big-endian counter, then 1 on the last chunk. */
function chunkNonce(counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(counter, 5, 6);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** Collects bytes into chunks of `size`, keeping the last (possibly full) one for `flush`. */
abstract class ChunkedTransform extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  protected counter = 0;
  private readonly size: number;

  constructor(size: number) {
    super();
    this.size = size;
  }

  protected abstract chunk(body: Buffer, last: boolean): Buffer;

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.pending.push(data);
      this.pendingBytes += data.length;
      // Strictly more than one chunk held: the first is not the last.
      if (this.pendingBytes > this.size) {
        const all = Buffer.concat(this.pending);
        let offset = 0;
        for (; all.length - offset > this.size; offset += this.size) {
          this.push(this.chunk(all.subarray(offset, offset + this.size), false));
          this.counter++;
        }
        this.pending = [all.subarray(offset)];
        this.pendingBytes = all.length - offset;
      }
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.push(this.chunk(Buffer.concat(this.pending), true));
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}

class AgeEncrypting extends ChunkedTransform {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    super(CHUNK);
    this.key = key;
  }

  protected chunk(body: Buffer, last: boolean): Buffer {
    return seal(this.key, chunkNonce(this.counter, last), body);
  }
}

class AgeDecrypting extends ChunkedTransform {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    super(CHUNK + TAG);
    this.key = key;
  }

  protected chunk(body: Buffer, last: boolean): Buffer {
    // Only an empty file may end on an empty chunk: otherwise the end was cut and sealed again.
    if (last && body.length === TAG && this.counter > 0) throw new Error("age final chunk is empty");
    return open(this.key, chunkNonce(this.counter, last), body);
  }
}

/** Encrypts what goes through it into an age payload: what follows the header (AgeFile.header). */
export const ageEncryptingStream = (payloadKey: Buffer): Transform => new AgeEncrypting(payloadKey);

/** Decrypts an age payload (what follows the header and nonce); a changed or cut byte fails it. */
export const ageDecryptingStream = (payloadKey: Buffer): Transform => new AgeDecrypting(payloadKey);
