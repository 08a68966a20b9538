import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { DecodeQueueFullError } from "~/core/media/decode-queue.server";
import { memorySlots } from "~/core/server/memory-slots.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGES } from "./messages";

// scrypt N=2^16, r=8, p=2: one of OWASP's equivalent minimum settings (Password Storage Cheat Sheet),
// 64 MiB per hash instead of the 128 MiB of N=2^17, p=1; about 0.35 s on a 2-core server. Logins are rare and throttled.
const COST = { N: 2 ** 16, r: 8, p: 2 } as const;
const KEY_LENGTH = 32;

/** What one hash holds while it runs: scrypt's 128·N·r bytes (OpenSSL works the p lanes one after another). */
const HASH_MEMORY = 128 * COST.N * COST.r;
/**
 * Memory the machine gives password hashing at once (decision 45): 64 MiB, one hash, whatever the
 * number of server processes. Without a limit, libuv's four threads ran four hashes of a login burst
 * at once in each process, unknown e-mails included.
 */
export const HASHING_MEMORY_BUDGET = 64 * 1024 * 1024;
/** Hashes waiting for their turn on the machine: a few seconds of work; one more is refused at once. */
const HASHES_WAITING = 4;
/** What a login refused because hashing is busy is told to wait, in seconds. */
export const HASHING_RETRY_AFTER_S = 5;

/** The machine's hashing slots: the supervisor of `npm start` holds them for all its server processes. */
export const HASHING_SLOTS = {
  inFlight: Math.max(1, Math.floor(HASHING_MEMORY_BUDGET / HASH_MEMORY)),
  waiting: HASHES_WAITING,
  maxWaitMs: 10_000,
};

const hashing = memorySlots(HASHING_SLOTS);

/** Not a refusal but a busy machine: too many passwords are being checked now; try again in a few seconds. */
export class HashingBusyError extends Error {
  override name = "HashingBusyError";
}

/** Hashes running and waiting in this process (for tests and the benchmark). */
export const hashingLoad = () => ({ running: hashing.running, waiting: hashing.waiting });

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  const job = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  return hashing.run(job).catch((error: unknown) => {
    throw error instanceof DecodeQueueFullError ? new HashingBusyError(error.message) : error;
  });
}

/**
 * "scrypt$N$r$p$salt$hash" (base64url): self-describing, so the cost can be raised later. The site
 * always hashes at COST; only tests pass a lower `cost`, for accounts whose hashing is not under test.
 */
export async function hashPassword(
  password: string,
  cost: { N: number; r: number; p: number } = COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = await derive(password, Buffer.from(parts[4]!, "base64url"), { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of nothing anyone knows: verifying against it when the email is
 * unknown makes a wrong email take as long as a wrong password (and wait for the same turn).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(24).toString("base64url")).catch((error: unknown) => {
    decoyHash = undefined; // refused while busy: made on a later attempt
    throw error;
  });
  return decoyHash;
}

/** Italian message for a password that does not meet the rules, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.tooLong;
  // A line break or a tab would be stored but could never be typed at the sign-in form.
  if (/\p{Cc}/u.test(password)) return PASSWORD_RULE_MESSAGES.controlCharacters;
  return null;
}
