import { createHmac } from "node:crypto";
import { generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  hotp,
  matchTotp,
  totpCode,
  totpUri,
  totpQrDataUrl,
} from "./totp.server";

// RFC 6238 appendix B: SHA-1 seed "12345678901234567890"; 6-digit codes are the last 6 of the 8-digit values.
const rfcSecret = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC test vectors", () => {
    expect(totpCode(rfcSecret, 59_000)).toBe("287082");
    expect(totpCode(rfcSecret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(rfcSecret, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(rfcSecret, 2_000_000_000_000)).toBe("279037");
    // RFC 4226 appendix D, counter 0 and 9.
    const key = Buffer.from("12345678901234567890");
    expect(hotp(key, 0)).toBe("755224");
    expect(hotp(key, 9)).toBe("520489");
  });

  it("verifies the RFC vectors and secrets stored before the library, as an independent HMAC computes them", () => {
    for (const [timeMs, code] of [
      [59_000, "287082"],
      [1_111_111_109_000, "081804"],
      [1_234_567_890_000, "005924"],
      [2_000_000_000_000, "279037"],
    ] as const) {
      expect(matchTotp(rfcSecret, code, timeMs)).toBe(Math.floor(timeMs / 30_000));
    }
    // A secret as the hand-written encoder stored it (32 base32 characters, no padding).
    const stored = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    const key = Buffer.from("12345678901234567890");
    expect(base32Decode(stored)).toEqual(key);
    const reference = (step: number) => {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(BigInt(step));
      const digest = createHmac("sha1", key).update(counter).digest();
      const binary = digest.readUInt32BE(digest[19]! & 0x0f) & 0x7fffffff;
      return String(binary % 1_000_000).padStart(6, "0");
    };
    for (let timeMs = 1_700_000_000_000; timeMs < 1_700_000_000_000 + 20 * 30_000; timeMs += 7_000) {
      const step = Math.floor(timeMs / 30_000);
      expect(totpCode(stored, timeMs)).toBe(reference(step));
      expect(matchTotp(stored, reference(step), timeMs)).toBe(step);
      // The library reading the stored string itself gives the same code.
      expect(generateSync({ secret: stored, epoch: timeMs / 1000 })).toBe(reference(step));
    }
  });

  it("round-trips base32 and makes 160-bit secrets", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode("jbsw y3dp")).toEqual(base32Decode("JBSWY3DP"));
  });

  it("accepts the previous and next period, not further, and returns the step", () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
    const spaced = totpCode(secret, now).replace(/^(\d{3})/, "$1 ");
    expect(matchTotp(secret, spaced, now)).toBe(step);
  });

  it("builds an otpauth URI and a QR code as a data: URL", async () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "admin@studio.it", "Dott.ssa Rossi");
    expect(uri).toBe(
      "otpauth://totp/Dott.ssa%20Rossi%3Aadmin%40studio.it?secret=JBSWY3DPEHPK3PXP&issuer=Dott.ssa+Rossi&algorithm=SHA1&digits=6&period=30",
    );
    expect(await totpQrDataUrl(uri)).toMatch(/^data:image\/png;base64,/);
  });

  it("makes ten distinct recovery codes whose hash ignores case and dashes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(codes[0]!.toUpperCase().replace("-", " "))).toBe(hashRecoveryCode(codes[0]!));
    expect(hashRecoveryCode(codes[0]!)).not.toContain(codes[0]!.slice(0, 5));
  });
});
