import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { usedFormTokens } from "./schema";
import { deriveKey } from "~/core/config/secrets.server";
import type { Executor } from "~/core/db/database.server";
import { MIN_FILL_MS } from "./spam-guard";

/** A form left open longer than this is stale: its token no longer counts (the page gives a fresh one). */
const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The review form's start time, signed by the server (HMAC), so a script
 * cannot simply claim it opened the form long ago. The token is
 * "<milliseconds>.<random>.<signature>": the random part makes each form's
 * token its own (two pages served in the same millisecond), as a token is
 * good for one review (claimFormToken). `startedAt` is the one reader of it.
 */
export function createFormTimer(secret: string) {
  const key = deriveKey(secret, "review-form-timer");
  const sign = (stamped: string) => createHmac("sha256", key).update(stamped).digest("base64url");
  return {
    stamp(now = Date.now()): string {
      const stamped = `${now}.${randomBytes(9).toString("base64url")}`;
      return `${stamped}.${sign(stamped)}`;
    },
    /** The start time a token carries, or null when it is missing, malformed, forged or stale. */
    startedAt(token: unknown, now = Date.now()): number | null {
      if (typeof token !== "string") return null;
      const match = /^((\d{1,15})\.[A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(sign(match[1]!));
      if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return null;
      const ms = Number(match[2]);
      return ms <= now && now - ms <= MAX_FORM_AGE_MS ? ms : null;
    },
  };
}

export type FormTimer = ReturnType<typeof createFormTimer>;

/**
 * Records a start token as used by a review, in the caller's transaction: true the first time,
 * false once any review (on any instance) has used it, the table's key deciding. Rows of tokens
 * past their day of validity go at the same time: such a token is refused as stale anyway.
 */
export async function claimFormToken(executor: Executor, token: string): Promise<boolean> {
  await executor.execute(
    sql`delete from ${usedFormTokens} where ${usedFormTokens.usedAt} < now() - make_interval(secs => ${MAX_FORM_AGE_MS / 1000})`,
  );
  const claimed = await executor
    .insert(usedFormTokens)
    .values({ tokenHash: createHash("sha256").update(token).digest("hex") })
    .onConflictDoNothing()
    .returning({ tokenHash: usedFormTokens.tokenHash });
  return claimed.length === 1;
}

type SpamVerdict = "ok" | "honeypot" | "too-fast";

/** `startedAt` is what the form timer read from the token (null when it was not valid). */
export function checkSpam(form: { honeypot: unknown; startedAt: number | null }, now = Date.now()): SpamVerdict {
  // Anything at all in the trap, even spaces: people never see the field.
  if (typeof form.honeypot === "string" && form.honeypot !== "") return "honeypot";
  // Missing, forged or from the future counts as too fast: no real browser sends that.
  if (form.startedAt === null || now - form.startedAt < MIN_FILL_MS) return "too-fast";
  return "ok";
}
