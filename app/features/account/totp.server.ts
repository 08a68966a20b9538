import { createHash, randomInt } from "node:crypto";
import { generateSecret, generateSync, ScureBase32Plugin, verifySync } from "otplib";
import QRCode from "qrcode";

// TOTP and HOTP come from otplib (RFC 4226 / 6238, constant-time comparison, checked against the RFC vectors
// by its authors and by our tests); this module only fixes the parameters and the secrets' format.

/** RFC 6238 defaults, the ones every authenticator app supports. */
const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the previous and next period are accepted too (clock drift). */
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;

const base32 = new ScureBase32Plugin();

/** RFC 4648 base32 without padding, the form stored in admin_users.totp_secret. */
export function base32Encode(data: Uint8Array): string {
  return base32.encode(data, { padding: false });
}

/** Also reads lowercase and the spaces, dashes and padding people type when copying a secret by hand. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(base32.decode(text.toUpperCase().replace(/[\s=-]/g, "")));
}

/** 160 random bits, the size RFC 4226 recommends for HMAC-SHA1. */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** RFC 4226 HOTP with HMAC-SHA1. */
export function hotp(secret: Uint8Array, counter: number): string {
  return generateSync({ strategy: "hotp", secret, counter, algorithm: "sha1", digits: TOTP_DIGITS });
}

const totpOptions = { algorithm: "sha1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

export function totpCode(secret: string, timeMs: number = Date.now()): string {
  return generateSync({ ...totpOptions, secret: base32Decode(secret), epoch: Math.floor(timeMs / 1000) });
}

/**
 * The time step the code belongs to (within the drift window), or null.
 * Callers remember the step so one code cannot be used twice.
 */
export function matchTotp(secret: string, code: string, timeMs: number = Date.now()): number | null {
  const digits = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits)) return null;
  const epoch = Math.floor(timeMs / 1000);
  const result = verifySync({
    ...totpOptions,
    secret: base32Decode(secret),
    token: digits,
    epoch,
    // In seconds: one whole period either side covers exactly the previous, current and next step.
    epochTolerance: DRIFT_STEPS * TOTP_PERIOD_SECONDS,
  });
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}

/** The QR code as a data: URL (the CSP allows data: images), so it never leaves our server. */
export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
}

// Recovery codes: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Recovery codes carry ~49 random bits each, so a fast hash suffices (as for session ids). */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}
