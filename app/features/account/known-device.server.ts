import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";
import { deriveKey } from "~/core/config/secrets.server";
import type { AdminUser } from "./schema";

const COOKIE = "admin_device";
/** A year: the browser she signs in from stays known between visits, however rare (decision 45). */
const MAX_AGE_S = 365 * 24 * 60 * 60;
// Path=/: "/admin-login" would not match "/admin-login.data", where the page posts with JavaScript.
const options = { path: "/", httpOnly: true, sameSite: "lax", maxAge: MAX_AGE_S } as const;

const valueSchema = z.object({ user: z.string().max(64), stamp: z.string().max(64), device: z.string().max(64) });

/** Changes with the password: a new password (a reset after a theft) makes every earlier cookie unknown. */
const passwordStamp = (user: AdminUser) =>
  createHash("sha256").update(user.passwordHash).digest("base64url").slice(0, 22);

/**
 * "A browser she has signed in from before": a signed, long-lived cookie set at every completed
 * sign-in. It opens nothing by itself; that browser's failed logins are counted on its own device id
 * instead of the account's limit, which strangers can fill (decision 45). Forged, tampered or stale
 * cookies read as unknown.
 */
export function createKnownDevices(secret: string) {
  const key = deriveKey(secret, "known-device-cookie").toString("base64url");
  const plain = createCookie(COOKIE, { ...options, secrets: [key] });
  const secure = createCookie(COOKIE, { ...options, secure: true, secrets: [key] });
  const cookieFor = (request: Request) => (new URL(request.url).protocol === "https:" ? secure : plain);
  return {
    /**
     * The Set-Cookie value marking this browser as one `user` signed in from; a browser known already
     * keeps its device id (its own failure count, OWASP's "lockout trusted clients individually").
     */
    async issue(request: Request, user: AdminUser): Promise<string> {
      const device = (await this.recognizes(request, user)) ?? randomBytes(16).toString("base64url");
      return cookieFor(request).serialize({ user: user.id, stamp: passwordStamp(user), device });
    },
    /** This browser's device id when it completed a sign-in to `user`'s account since its password was last set. */
    async recognizes(request: Request, user: AdminUser | null | undefined): Promise<string | null> {
      if (!user) return null;
      try {
        const parsed = valueSchema.safeParse(await cookieFor(request).parse(request.headers.get("cookie")));
        const ok = parsed.success && parsed.data.user === user.id && parsed.data.stamp === passwordStamp(user);
        return ok ? parsed.data.device : null;
      } catch {
        return null;
      }
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
