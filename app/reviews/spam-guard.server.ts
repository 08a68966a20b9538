import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "~/lib/secrets.server";
import { MIN_FILL_MS } from "./spam-guard";

/** A form left open longer than this is stale: its token no longer counts (the page gives a fresh one). */
const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The review form's start time, signed by the server (HMAC), so a script
 * cannot simply claim it opened the form long ago. The token is
 * "<milliseconds>.<signature>"; `startedAt` is the one reader of it.
 */
export function createFormTimer(secret: string) {
  const key = deriveKey(secret, "review-form-timer");
  const sign = (ms: string) => createHmac("sha256", key).update(ms).digest("base64url");
  return {
    stamp(now = Date.now()): string {
      const ms = String(now);
      return `${ms}.${sign(ms)}`;
    },
    /** The start time a token carries, or null when it is missing, malformed, forged or stale. */
    startedAt(token: unknown, now = Date.now()): number | null {
      if (typeof token !== "string") return null;
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(sign(match[1]!));
      if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return null;
      const ms = Number(match[1]);
      return ms <= now && now - ms <= MAX_FORM_AGE_MS ? ms : null;
    },
  };
}

export type FormTimer = ReturnType<typeof createFormTimer>;

export type SpamVerdict = "ok" | "honeypot" | "too-fast";

/** `startedAt` is what the form timer read from the token (null when it was not valid). */
export function checkSpam(form: { honeypot: unknown; startedAt: number | null }, now = Date.now()): SpamVerdict {
  // Anything at all in the trap, even spaces: people never see the field.
  if (typeof form.honeypot === "string" && form.honeypot !== "") return "honeypot";
  // Missing, forged or from the future counts as too fast: no real browser sends that.
  if (form.startedAt === null || now - form.startedAt < MIN_FILL_MS) return "too-fast";
  return "ok";
}
