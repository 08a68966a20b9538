// `node scripts/bench/age-cost.ts`: where an encrypted backup's extra time goes, piece by
// piece, on this machine: scrypt (Node's, off the event loop, and age-encryption's JavaScript), our
// payload cipher against one bare ChaCha20-Poly1305 pass, and an X25519 wrap.
import { createCipheriv, randomBytes, scrypt } from "node:crypto";
import os from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PassThrough, Writable } from "node:stream";
import { Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import "../lib/load-app-modules.ts";

const { ageEncryptingStream, startAgeFile } = await import("../../app/features/backups/age-stream.server.ts");

const MB = 49;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
// CPU time (every thread of the process) beside the wall clock: the machine is shared.
const time = async (what: string, work: () => Promise<unknown> | unknown) => {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  console.log(
    `${what.padEnd(58)} ${ms(start).toFixed(0).padStart(6)} ms wall ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms CPU   load ${os.loadavg()[0]!.toFixed(2)}`,
  );
};

const data = randomBytes(MB * 1024 * 1024);
// gzip hands out 16 KiB pieces.
const pieces: Buffer[] = [];
for (let i = 0; i < data.length; i += 16 * 1024) pieces.push(data.subarray(i, i + 16 * 1024));
const sink = () => new Writable({ write: (_c, _e, done) => done() });

for (let round = 0; round < 2; round++) {
  console.log(`round ${round + 1}`);
  await time(
    "scrypt 2^18, Node's (thread pool)",
    () =>
      new Promise((resolve, reject) =>
        scrypt(
          "una passphrase di prova",
          randomBytes(16),
          32,
          { N: 2 ** 18, r: 8, p: 1, maxmem: 300 * 2 ** 20 },
          (e, k) => (e ? reject(e) : resolve(k)),
        ),
      ),
  );
  await time("startAgeFile header (scrypt 2^18 + wrap)", () => startAgeFile("una passphrase di prova").header);
  await time(`payload: ageEncryptingStream over ${MB} MB in 16 KiB pieces`, () =>
    pipeline(Readable.from(pieces), ageEncryptingStream(randomBytes(32)), sink()),
  );
  await time(`stream overhead alone: a PassThrough over ${MB} MB`, () =>
    pipeline(Readable.from(pieces), new PassThrough(), sink()),
  );
  await time(`bare ChaCha20-Poly1305, one pass over ${MB} MB`, () => {
    const c = createCipheriv("chacha20-poly1305", randomBytes(32), randomBytes(12), { authTagLength: 16 });
    for (const p of pieces) c.update(p);
    c.final();
  });
  await time(`ChaCha20-Poly1305, one cipher per 64 KiB (${Math.ceil(data.length / 65536)})`, () => {
    for (let i = 0; i < data.length; i += 65536) {
      const c = createCipheriv("chacha20-poly1305", randomBytes(32), randomBytes(12), { authTagLength: 16 });
      c.update(data.subarray(i, i + 65536));
      c.final();
      c.getAuthTag();
    }
  });
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  await time("X25519 header by age-encryption (empty file)", async () => {
    const e = new Encrypter();
    e.addRecipient(recipient);
    await e.encrypt(new Uint8Array(0));
  });
  await time("scrypt 2^18 by age-encryption's JavaScript (blocks)", async () => {
    const e = new Encrypter();
    e.setPassphrase("una passphrase di prova");
    await e.encrypt(new Uint8Array(0));
  });
}
