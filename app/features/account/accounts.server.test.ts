import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { adminSessions } from "./schema";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { AccountInputError, createAdminAccounts } from "./accounts.server";
import { clearSessionCookie, createSessionStore, readSessionToken, sessionCookie } from "./sessions.server";
import { totpCode } from "./totp.server";

describe("admin accounts and sessions", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("creates the account once (email lower-cased), then only changes its password and ends its sessions", async () => {
    const accounts = createAdminAccounts(database.db);
    const sessions = createSessionStore(database.db);
    const first = await accounts.setPassword("  Dott.Ssa@Studio.IT ", "prima-password-1");
    expect(first.created).toBe(true);
    expect(first.user.email).toBe("dott.ssa@studio.it");
    expect(first.user.passwordHash).not.toContain("prima");
    const { token } = await sessions.create({ userId: first.user.id, verified: true });

    const second = await accounts.setPassword("dott.ssa@studio.it", "seconda-password-2");
    expect(second.created).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(await accounts.checkCredentials("DOTT.SSA@studio.it", "seconda-password-2")).toMatchObject({
      id: first.user.id,
    });
    expect(await accounts.checkCredentials("dott.ssa@studio.it", "prima-password-1")).toBeNull();
    expect(await accounts.checkCredentials("nessuno@studio.it", "seconda-password-2")).toBeNull();
    expect(await sessions.find(token)).toBeNull();

    await expect(accounts.setPassword("non-email", "password-valida-1")).rejects.toThrow(AccountInputError);
    await expect(accounts.setPassword("a@b.it", "corta")).rejects.toThrow("almeno 10 caratteri");
  });

  it("changes the password only with the current one, signing out the other sessions", async () => {
    const accounts = createAdminAccounts(database.db);
    const sessions = createSessionStore(database.db);
    const { user } = await accounts.setPassword("cambio@studio.it", "vecchia-password-1");
    const here = await sessions.create({ userId: user.id, verified: true });
    const elsewhere = await sessions.create({ userId: user.id, verified: true });
    expect(await accounts.changePassword(user, "sbagliata-password", "nuova-password-22", here.session.idHash)).toBe(
      false,
    );
    expect(await sessions.find(elsewhere.token)).not.toBeNull();
    expect(await accounts.changePassword(user, "vecchia-password-1", "nuova-password-22", here.session.idHash)).toBe(
      true,
    );
    expect(await sessions.find(here.token)).not.toBeNull();
    expect(await sessions.find(elsewhere.token)).toBeNull();
    expect(await accounts.checkCredentials("cambio@studio.it", "nuova-password-22")).not.toBeNull();
  });

  it("enrols TOTP only with a correct code, refuses a replayed code, and spends recovery codes once", async () => {
    const accounts = createAdminAccounts(database.db);
    const { user } = await accounts.setPassword("totp@studio.it", "password-totp-123");
    const secret = await accounts.startTotp(user.id);
    let fresh = (await accounts.get(user.id))!;
    expect(fresh.totpEnabledAt).toBeNull();
    expect(await accounts.confirmTotp(fresh, "000000" === totpCode(secret) ? "111111" : "000000")).toBeNull();
    const now = totpCode(secret);
    const codes = (await accounts.confirmTotp(fresh, now))!;
    expect(codes).toHaveLength(10);
    fresh = (await accounts.get(user.id))!;
    expect(fresh.totpEnabledAt).toBeInstanceOf(Date);
    expect(fresh.recoveryCodeHashes).toHaveLength(10);
    expect(JSON.stringify(fresh.recoveryCodeHashes)).not.toContain(codes[0]!);

    // The code used to confirm cannot sign in again (replay).
    expect(await accounts.checkSecondFactor(fresh, now)).toBeNull();
    expect(await accounts.checkSecondFactor(fresh, totpCode(secret, Date.now() + 30_000))).toBe("totp");
    expect(await accounts.checkSecondFactor(fresh, codes[3]!)).toBe("recovery");
    fresh = (await accounts.get(user.id))!;
    expect(fresh.recoveryCodeHashes).toHaveLength(9);
    expect(await accounts.checkSecondFactor(fresh, codes[3]!)).toBeNull();

    await accounts.disableTotp(user.id);
    fresh = (await accounts.get(user.id))!;
    expect(fresh.totpSecret).toBeNull();
    expect(await accounts.checkSecondFactor(fresh, totpCode(secret))).toBeNull();
  });

  it("resetTwoFactor turns TOTP off from the command line", async () => {
    const accounts = createAdminAccounts(database.db);
    const { user } = await accounts.setPassword("perso@studio.it", "password-persa-12");
    const secret = await accounts.startTotp(user.id);
    await accounts.confirmTotp((await accounts.get(user.id))!, totpCode(secret));
    const { user: reset } = await accounts.setPassword("perso@studio.it", "password-nuova-12", {
      resetTwoFactor: true,
    });
    expect(reset.totpEnabledAt).toBeNull();
    expect(reset.recoveryCodeHashes).toEqual([]);
  });

  it("sessions: unknown, expired and deleted tokens find nothing; pending ones are promoted to a new token", async () => {
    const accounts = createAdminAccounts(database.db);
    const sessions = createSessionStore(database.db);
    const { user } = await accounts.setPassword("sessioni@studio.it", "password-sessioni-1");
    expect(await sessions.find("x".repeat(43))).toBeNull();
    expect(await sessions.find(null)).toBeNull();

    const live = await sessions.create({ userId: user.id, verified: true, userAgent: "UA", ip: "192.0.2.1" });
    expect(live.token).toMatch(/^[\w-]{43}$/);
    expect(live.session.idHash).not.toContain(live.token);
    expect(live.session.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await sessions.find(live.token))?.user.id).toBe(user.id);

    await database.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(adminSessions.idHash, live.session.idHash));
    expect(await sessions.find(live.token)).toBeNull();

    const pending = await sessions.create({ userId: user.id, verified: false });
    expect(pending.session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const promoted = (await sessions.promote(pending.session))!;
    expect(await sessions.promote(pending.session)).toBeNull();
    expect(promoted.token).not.toBe(pending.token);
    expect(await sessions.find(pending.token)).toBeNull();
    expect((await sessions.find(promoted.token))?.session.verified).toBe(true);
    expect((await sessions.list(user.id)).map((s) => s.idHash)).toEqual([promoted.session.idHash]);

    await sessions.deleteByToken(promoted.token);
    expect(await sessions.find(promoted.token)).toBeNull();
  });

  it("renews a session in use (at most once a minute), pushing the idle expiry 7 days ahead", async () => {
    const accounts = createAdminAccounts(database.db);
    const sessions = createSessionStore(database.db);
    const { user } = await accounts.setPassword("rinnovo@studio.it", "password-rinnovo-1");
    const { session } = await sessions.create({ userId: user.id, verified: true });
    expect(await sessions.renewIfStale(session)).toBe(false);
    const old = { ...session, lastSeenAt: new Date(Date.now() - 3 * 86_400_000) };
    await database.db
      .update(adminSessions)
      .set({ lastSeenAt: old.lastSeenAt, expiresAt: new Date(Date.now() + 4 * 86_400_000) })
      .where(eq(adminSessions.idHash, session.idHash));
    expect(await sessions.renewIfStale(old)).toBe(true);
    const [row] = await database.db.select().from(adminSessions).where(eq(adminSessions.idHash, session.idHash));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });
});

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, path /, Secure only over HTTPS, and is read back", () => {
    const http = new Request("http://localhost/admin");
    const https = new Request("https://studio.example.it/admin");
    expect(sessionCookie(http, "abc")).toBe("admin_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800");
    expect(sessionCookie(https, "abc")).toContain("; Secure; Max-Age=604800");
    expect(clearSessionCookie(https)).toMatch(/^admin_session=; .*Max-Age=0$/);
    const token = "A".repeat(43);
    expect(readSessionToken(new Request("http://x/", { headers: { Cookie: `flash=1; admin_session=${token}` } }))).toBe(
      token,
    );
    expect(readSessionToken(new Request("http://x/", { headers: { Cookie: "admin_session=short" } }))).toBeNull();
    expect(readSessionToken(new Request("http://x/", { headers: { Cookie: `admin_session=${token}!` } }))).toBeNull();
  });
});
