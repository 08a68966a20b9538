import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { adminSessions, adminUsers, type AdminSession, type AdminUser } from "./schema";

export const SESSION_COOKIE = "admin_session";
/** A session ends after 7 days without use. */
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A password-only session waiting for its second factor lives this long. */
export const PENDING_SECOND_FACTOR_MS = 10 * 60 * 1000;
/** Renewing on every request would write on every click; once a minute is plenty for a 7-day window. */
const RENEW_AFTER_MS = 60 * 1000;

interface ActiveSession {
  session: AdminSession;
  user: AdminUser;
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Sessions in the database; the browser holds only a random 256-bit token whose SHA-256 is the key. */
export function createSessionStore(db: Db) {
  return {
    async create(input: {
      userId: string;
      verified: boolean;
      userAgent?: string | null;
      ip?: string | null;
    }): Promise<{ token: string; session: AdminSession }> {
      const token = randomBytes(32).toString("base64url");
      const lifetime = input.verified ? SESSION_IDLE_MS : PENDING_SECOND_FACTOR_MS;
      const [session] = await db
        .insert(adminSessions)
        .values({
          idHash: hashSessionToken(token),
          userId: input.userId,
          verified: input.verified,
          userAgent: input.userAgent?.slice(0, 300) ?? null,
          ip: input.ip ?? null,
          expiresAt: new Date(Date.now() + lifetime),
        })
        .returning();
      return { token, session: session! };
    },

    /** The unexpired session behind the token, with its user; null for anything else. */
    async find(token: string | null | undefined): Promise<ActiveSession | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select({ session: adminSessions, user: adminUsers })
        .from(adminSessions)
        .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
        .where(and(eq(adminSessions.idHash, hashSessionToken(token)), gt(adminSessions.expiresAt, new Date())));
      return row ?? null;
    },

    /** Pushes the idle expiry 7 days ahead; returns true when it wrote (so the cookie is renewed too). */
    async renewIfStale(session: AdminSession): Promise<boolean> {
      if (!session.verified || Date.now() - session.lastSeenAt.getTime() < RENEW_AFTER_MS) return false;
      const now = new Date();
      await db
        .update(adminSessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
        .where(eq(adminSessions.idHash, session.idHash));
      return true;
    },

    /**
     * Completes a two-factor login: the pending session is replaced by a new
     * verified one with a new token, so a token seen before the second factor is worthless after it.
     * Null when the pending session is already gone (completed by a parallel request, expired or cancelled):
     * one pending login yields at most one signed-in session.
     */
    async promote(pending: AdminSession): Promise<{ token: string; session: AdminSession } | null> {
      const [taken] = await db
        .delete(adminSessions)
        .where(
          and(
            eq(adminSessions.idHash, pending.idHash),
            eq(adminSessions.verified, false),
            gt(adminSessions.expiresAt, new Date()),
          ),
        )
        .returning({ idHash: adminSessions.idHash });
      if (!taken) return null;
      return this.create({ userId: pending.userId, verified: true, userAgent: pending.userAgent, ip: pending.ip });
    },

    async deleteByToken(token: string): Promise<void> {
      await db.delete(adminSessions).where(eq(adminSessions.idHash, hashSessionToken(token)));
    },

    /** Signs out every other device of the user; returns how many sessions ended. */
    async deleteOthers(userId: string, keepIdHash: string): Promise<number> {
      const rows = await db
        .delete(adminSessions)
        .where(and(eq(adminSessions.userId, userId), ne(adminSessions.idHash, keepIdHash)))
        .returning({ idHash: adminSessions.idHash });
      return rows.length;
    },

    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
    },

    /** The user's signed-in devices, most recently used first. */
    list(userId: string): Promise<AdminSession[]> {
      return db
        .select()
        .from(adminSessions)
        .where(
          and(
            eq(adminSessions.userId, userId),
            eq(adminSessions.verified, true),
            gt(adminSessions.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(adminSessions.lastSeenAt));
    },

    async pruneExpired(): Promise<void> {
      await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
    },
  };
}

/** The one session store of a process (AppServices.sessions). */
export type SessionStore = ReturnType<typeof createSessionStore>;

// ---- Cookie ----

export function readSessionToken(request: Request): string | null {
  return sessionTokenFromCookie(request.headers.get("cookie"));
}

/** The session token in a Cookie header (for a request outside the router: /media). */
export function sessionTokenFromCookie(cookieHeader: string | null | undefined): string | null {
  const match = cookieHeader?.match(/(?:^|;\s*)admin_session=([A-Za-z0-9_-]{20,100})(?:;|$)/);
  return match?.[1] ?? null;
}

/** Secure whenever the request reached us over HTTPS (directly, or via a trusted proxy). */
function attributes(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function sessionCookie(request: Request, token: string, maxAgeMs = SESSION_IDLE_MS): string {
  return `${SESSION_COOKIE}=${token}; ${attributes(request)}; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

export function clearSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${attributes(request)}; Max-Age=0`;
}
