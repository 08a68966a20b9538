import { createHash } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { type RequestInfo, requestContext, servicesContext } from "~/context";
import { action as loginAction } from "~/routes/admin-login";
import { action as forgotAction } from "~/routes/admin-password-forgot";
import { action as resetAction } from "~/routes/admin-password-reset";
import type { AppServices } from "~/services.server";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { adminPasswordResets } from "./schema";
import { mailOutbox } from "~/core/db/schema";
import { createFlashStore } from "~/core/forms/flash.server";
import type { Mailer } from "~/core/mail/mailer.server";
import { createRateLimiter } from "~/core/server/rate-limit.server";
import { createQueueOnlyMailer } from "../../../tests/support/outbox";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createAdminAccounts } from "./accounts.server";
import { PASSWORD_RESET_MESSAGES, RESET_LINK_MESSAGES } from "./messages";
import { createPasswordResetRepository, PASSWORD_RESET_VALID_MS } from "./password-resets.server";
import { createKnownDevices } from "./known-device.server";
import { createSessionStore } from "./sessions.server";
import { totpCode } from "./totp.server";

const SITE = "http://localhost:3000";
const flash = createFlashStore("test-secret");
const ADMIN = { email: "dietista@studio.test", password: "password-di-prima-1" };

/** A route's action as the router calls it, with these services and this client address (the pipeline: read, parse, do, say). */
function act(action: (args: never) => unknown, services: unknown, request: Request, clientIp = "203.0.113.1") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as AppServices);
  context.set(requestContext, { requestId: "test", clientIp, cspNonce: "n" } as RequestInfo);
  return action({ request, context, params: {} } as never) as Promise<unknown>;
}
const requestPasswordReset = (services: unknown, request: Request, clientIp: string) =>
  act(forgotAction, services, request, clientIp);
const resetPassword = (services: unknown, request: Request) => act(resetAction, services, request);

/** What respond() gives a client of the router (a `.data` request): the result and its status. */
type DataAnswer<T> = { data: T; init: { status?: number } | null };

describe("Password dimenticata? (PostgreSQL)", () => {
  let database: Database;
  let mailer: Mailer;
  let services: Pick<
    AppServices,
    "adminAccounts" | "sessions" | "passwordResets" | "rateLimiter" | "mailer" | "flash" | "knownDevices" | "logger"
  > & { config: { siteUrl: string } };
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    mailer = await createQueueOnlyMailer(database);
    const sessions = createSessionStore(database.db);
    const adminAccounts = createAdminAccounts(database.db, sessions);
    ({
      user: { id: userId },
    } = await adminAccounts.setPassword(ADMIN.email, ADMIN.password));
    services = {
      config: { siteUrl: SITE },
      adminAccounts,
      sessions,
      passwordResets: createPasswordResetRepository(database.db),
      rateLimiter: createRateLimiter(database.db),
      mailer,
      flash,
      knownDevices: createKnownDevices("test-secret"),
      logger: pino({ level: "silent" }),
    };
  });
  afterAll(() => database.close());

  const post = (path: string, fields: Record<string, string>, as: "data" | "document" = "data") =>
    new Request(`${SITE}${path}${as === "data" ? ".data" : ""}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
      body: new URLSearchParams(fields),
    });
  const ask = async (email: string, ip = "203.0.113.1", s = services) =>
    (await requestPasswordReset(s, post("/admin-login/password-dimenticata", { email }), ip)) as unknown as DataAnswer<{
      ok: boolean;
      message: string;
    }>;
  const choose = (token: string, password: string, confirm = password) =>
    resetPassword(services, post("/admin-login/nuova-password", { token, next: password, confirm }, "document"));
  const mails = () =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, PASSWORD_RESET_MESSAGES.mailSubject));
  const clearLimits = () => database.db.execute(sql`delete from rate_limit_hits`);
  /** The token of the newest link e-mailed. */
  const lastLinkToken = async () => {
    const all = await mails();
    const text = all.at(-1)!.text;
    return text.match(/\/admin-login\/nuova-password\?token=([A-Za-z0-9_-]{43})/)![1]!;
  };

  it("gives the same answer for the administrator's address and for any other, and mails only the administrator", async () => {
    await clearLimits();
    const before = (await mails()).length;
    const known = await ask("Dietista@Studio.test");
    const unknown = await ask("nessuno@studio.test");
    expect(known).toEqual(unknown);
    expect(known.data).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
    const sent = (await mails()).slice(before);
    expect(sent.map((m) => m.recipient)).toEqual([ADMIN.email]);
    expect(sent[0]!.text).toContain(`${SITE}/admin-login/nuova-password?token=`);
  });

  it("keeps only the token's hash, and the link lasts 30 minutes", async () => {
    await clearLimits();
    await ask(ADMIN.email);
    const token = await lastLinkToken();
    const rows = await database.db.select().from(adminPasswordResets);
    const row = rows.find((r) => r.tokenHash === createHash("sha256").update(token).digest("hex"));
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBe(PASSWORD_RESET_VALID_MS);
  });

  it("sets the new password once: every session is signed out, and the link then says it was used", async () => {
    await clearLimits();
    const [first, second] = [
      await services.sessions.create({ userId, verified: true }),
      await services.sessions.create({ userId, verified: true }),
    ];
    await ask(ADMIN.email);
    const token = await lastLinkToken();
    const done = (await choose(token, "una-nuova-password-1")) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin-login");
    const toast = await flash.read(
      new Request(SITE, {
        headers: {
          Cookie: done.headers
            .getSetCookie()
            .find((c) => c.startsWith("flash"))!
            .split(";")[0]!,
        },
      }),
    );
    expect(toast).toEqual({ kind: "success", message: PASSWORD_RESET_MESSAGES.changed });
    expect(await services.sessions.find(first.token)).toBeNull();
    expect(await services.sessions.find(second.token)).toBeNull();
    expect(await services.adminAccounts.checkCredentials(ADMIN.email, ADMIN.password)).toBeNull();
    expect(await services.adminAccounts.checkCredentials(ADMIN.email, "una-nuova-password-1")).not.toBeNull();

    const again = (await resetPassword(
      services,
      post("/admin-login/nuova-password", { token, next: "un-altra-password-2", confirm: "un-altra-password-2" }),
    )) as unknown as DataAnswer<{ ok: boolean; message: string; state: string }>;
    expect(again.init?.status).toBe(410);
    expect(again.data).toMatchObject({ ok: false, state: "used", message: RESET_LINK_MESSAGES.used });
    expect(await services.adminAccounts.checkCredentials(ADMIN.email, "un-altra-password-2")).toBeNull();
    expect(await services.passwordResets.state(token)).toBe("used");
  });

  it("refuses an expired link, changing nothing", async () => {
    const { token } = await services.passwordResets.create(userId, -1000);
    expect(await services.passwordResets.state(token)).toBe("expired");
    const answer = (await resetPassword(
      services,
      post("/admin-login/nuova-password", { token, next: "scaduta-password-3", confirm: "scaduta-password-3" }),
    )) as unknown as DataAnswer<{ state: string; message: string }>;
    expect(answer.data).toMatchObject({ state: "expired", message: RESET_LINK_MESSAGES.expired });
    expect(await services.adminAccounts.checkCredentials(ADMIN.email, "scaduta-password-3")).toBeNull();
  });

  it("a password that breaks the rules is refused next to its field, and the link still works", async () => {
    const { token } = await services.passwordResets.create(userId);
    const short = (await resetPassword(
      services,
      post("/admin-login/nuova-password", { token, next: "corta", confirm: "corta" }),
    )) as unknown as DataAnswer<{ ok: boolean }>;
    expect(short.data.ok).toBe(false);
    const control = (await resetPassword(
      services,
      post("/admin-login/nuova-password", { token, next: "con\ttabulazione-1", confirm: "con\ttabulazione-1" }),
    )) as unknown as DataAnswer<{ ok: boolean }>;
    expect(control.data.ok).toBe(false);
    expect(await services.passwordResets.state(token)).toBe("valid");
  });

  it("an unknown or malformed link is refused", async () => {
    expect(await services.passwordResets.state("x".repeat(43))).toBe("unknown");
    expect(await services.passwordResets.state("not a token")).toBe("unknown");
    expect(await services.passwordResets.state(null)).toBe("unknown");
  });

  it("limits requests per address (known or not, the same) and per client", async () => {
    await clearLimits();
    for (const email of [ADMIN.email, "nessuno@studio.test"]) {
      for (let i = 0; i < 3; i++) expect((await ask(email, `198.51.100.${i}`)).data.ok).toBe(true);
      const refused = await ask(email, "198.51.100.99");
      expect(refused.init?.status).toBe(429);
      expect(refused.data).toEqual({ ok: false, message: PASSWORD_RESET_MESSAGES.throttled });
    }
    for (let i = 0; i < 5; i++) expect((await ask(`altro${i}@studio.test`, "192.0.2.9")).data.ok).toBe(true);
    expect((await ask("altro9@studio.test", "192.0.2.9")).init?.status).toBe(429);
  });

  it("after a reset the sign-in still asks for the second factor when it is on", async () => {
    await clearLimits();
    const accounts = services.adminAccounts;
    const secret = await accounts.startTotp(userId);
    expect(await accounts.confirmTotp((await accounts.get(userId))!, totpCode(secret))).not.toBeNull();
    await ask(ADMIN.email);
    await choose(await lastLinkToken(), "password-con-codice-4");
    const signIn = (await act(
      loginAction,
      services,
      post("/admin-login", { intent: "password", email: ADMIN.email, password: "password-con-codice-4" }, "document"),
      "203.0.113.50",
    )) as Response;
    // Not into the panel: back to the sign-in page, now at its code step (a pending session).
    expect(signIn.headers.get("location")).toBe("/admin-login");
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
    const pending = await services.sessions.find(cookie.split(";")[0]!.split("=")[1]);
    expect(pending?.session.verified).toBe(false);
  });

  it("without e-mail configured, says so and queues nothing", async () => {
    await clearLimits();
    const before = (await mails()).length;
    const off = {
      ...services,
      mailer: { enabled: false, queueTo: async () => {}, kick: () => {} } as unknown as Mailer,
    };
    const answer = await ask(ADMIN.email, "203.0.113.77", off);
    expect(answer.data).toEqual({ ok: false, message: PASSWORD_RESET_MESSAGES.mailOff });
    expect((await mails()).length).toBe(before);
  });
});
