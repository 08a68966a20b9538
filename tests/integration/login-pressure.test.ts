import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { ACCOUNT_FAILURE_RULE, LOGIN_FAILURE_RULE } from "~/features/account/login.server";
import { LOGIN_MESSAGES } from "~/features/account/messages";
import { TOTP_PERIOD_SECONDS, totpCode } from "~/features/account/totp.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { finishSetup } from "~/features/site-content/setup.server";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { storeQuickAccount } from "../support/quick-password";

// A burst of logins neither fills the memory nor queues without end, and strangers who
// fill the account's failure limit do not keep the administrator out (decision 45).
const ADMIN = { email: "titolare@studio.test", password: "password-della-titolare-1" };

describe("sign-in under pressure (production server)", () => {
  let server: AppServer;
  let totpSecret: string;
  let recoveryCodes: string[];
  let ipCounter = 0;
  /** A client address of its own (the server trusts X-Forwarded-For from loopback). */
  const nextIp = () => `198.51.${100 + (ipCounter >> 8)}.${++ipCounter & 255}`;

  function login(fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) {
    const headers: Record<string, string> = { Origin: server.url, "X-Forwarded-For": options.ip ?? nextIp() };
    if (options.cookie) headers.Cookie = options.cookie;
    return fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers,
      redirect: "manual",
    });
  }
  /** `name=value` of a cookie the answer sets, or null. */
  const cookieFrom = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
      ?.split(";")[0] ?? null;

  /** Password, then code: the full sign-in of a two-factor account, from one client. */
  async function signIn(code: string, options: { ip?: string; cookie?: string } = {}) {
    const ip = options.ip ?? nextIp();
    const first = await login({ email: ADMIN.email, password: ADMIN.password }, { ip, cookie: options.cookie });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin-login");
    const pending = cookieFrom(first, "admin_session")!;
    return login({ intent: "code", code }, { ip, cookie: [pending, options.cookie].filter(Boolean).join("; ") });
  }

  beforeAll(async () => {
    const dataDir = newDataDir("login-pressure-", { migrated: true });
    const database = await openSiteDatabase({ dataDir });
    try {
      const accounts = createAdminAccounts(database.db);
      // Stored at a low scrypt cost: the hundred wrong guesses below test the limits, not the hash's
      // time (the bursts to unknown addresses still hash at the site's cost, against the decoy).
      const { user } = await storeQuickAccount(accounts, ADMIN);
      totpSecret = await accounts.startTotp(user.id);
      // With the previous period's code (accepted as drift): the current one, used once only, is
      // still unused when she signs in below, however soon that comes.
      const previousCode = totpCode(totpSecret, Date.now() - TOTP_PERIOD_SECONDS * 1000);
      recoveryCodes = (await accounts.confirmTotp((await accounts.get(user.id))!, previousCode))!;
      // Signing in is under test, not the first-run setup a first sign-in would open.
      await finishSetup(database.db);
    } finally {
      await database.close();
    }
    server = await startAppServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
  });
  afterAll(() => server?.stop());

  it("a burst of logins is answered in part with 429 and Retry-After instead of hashing them all at once", async () => {
    // Unknown addresses (each hashed against the decoy) from distinct clients: no limit is reached.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        login({ email: `sconosciuto-${i}@studio.test`, password: "una-password-qualsiasi" }),
      ),
    );
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await answer.text()).toContain(LOGIN_MESSAGES.busy);
    }
    expect(answers.filter((a) => a.status !== 429).map((a) => a.status)).toEqual(
      Array(answers.length - busy.length).fill(401),
    );
  });

  it("after 100 wrong passwords from 20 addresses, she still gets in from a browser she used before or with her second factor; a stranger does not", async () => {
    // Before the attack she signed in once from her browser, which keeps the known-device cookie.
    const before = await signIn(recoveryCodes[0]!);
    expect(before.status).toBe(302);
    expect(before.headers.get("location")).toBe("/admin");
    const knownDevice = cookieFrom(before, "admin_device") ?? undefined;

    // The attack: each of 20 addresses uses its own five tries (one after another: the server hashes
    // one password at a time anyway, and a queue never forms to make a guess wait).
    const addresses = Array.from({ length: ACCOUNT_FAILURE_RULE.max / LOGIN_FAILURE_RULE.max }, nextIp);
    expect(addresses).toHaveLength(20);
    for (const ip of addresses) {
      for (let i = 0; i < LOGIN_FAILURE_RULE.max; i++) {
        expect((await login({ email: ADMIN.email, password: `indovino-${ip}-${i}` }, { ip })).status).toBe(401);
      }
    }

    // Her browser from before, from a new address: the password and then the code, as always.
    const known = await signIn(totpCode(totpSecret), { cookie: knownDevice });
    expect(known.status).toBe(302);
    expect(known.headers.get("location")).toBe("/admin");
    const session = cookieFrom(known, "admin_session")!;
    expect((await fetch(`${server.url}/admin`, { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);

    // A stranger from a new address is slowed: even the right password alone does not get through.
    const stranger = await login({ email: ADMIN.email, password: "un-altro-tentativo" });
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Troppi tentativi di accesso non riusciti per questo account");
    const rightAlone = await login({ email: ADMIN.email, password: ADMIN.password });
    expect(rightAlone.status).toBe(429);
    expect(cookieFrom(rightAlone, "admin_session")).toBeNull();
    // A wrong code with the right password is refused the same way.
    const wrongCode = await login({ email: ADMIN.email, password: ADMIN.password, code: "000000" });
    expect(wrongCode.status).toBe(429);

    // A right code with a wrong password: the same refusal, and the recovery code is not used up by it.
    const wrongPassword = await login({ email: ADMIN.email, password: "sbagliata-ma-lunga", code: recoveryCodes[1]! });
    expect(wrongPassword.status).toBe(429);
    // A new browser: the password with a right second factor in the same form.
    const withFactor = await login({ email: ADMIN.email, password: ADMIN.password, code: recoveryCodes[1]! });
    expect(withFactor.status).toBe(302);
    expect(withFactor.headers.get("location")).toBe("/admin");

    // Her sign-ins did not clear the strangers' count: the next stranger is still slowed.
    expect((await login({ email: ADMIN.email, password: "ancora-un-tentativo" })).status).toBe(429);
  }, 300_000);
});

describe("sign-in under pressure with two server processes", () => {
  let server: AppServer;
  let ipCounter = 0;
  const login = (i: number, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams({ email: `sconosciuto-${i}@studio.test`, password: "una-password-qualsiasi" }),
      headers: { Origin: server.url, "X-Forwarded-For": `203.0.113.${++ipCounter}`, ...headers },
      redirect: "manual",
    });
  /** The server processes whose log shows an answered sign-in or a sign-in refused as busy. */
  const pidsThatAnswered = (minLevel: number) =>
    new Set(
      server
        .output()
        .split("\n")
        .flatMap((line) => {
          try {
            const entry = JSON.parse(line) as { pid?: number; level?: number; req?: { url?: string }; msg?: string };
            const signIn = entry.req?.url === "/admin-login" || entry.msg?.startsWith("admin login refused");
            return signIn && (entry.level ?? 0) >= minLevel ? [entry.pid] : [];
          } catch {
            return [];
          }
        }),
    );

  beforeAll(async () => {
    // Info: each answered request is logged with the pid of the process that answered it.
    // Not a first start: the migrated template cluster, without initdb and the migrations.
    const dataDir = newDataDir("login-pressure-two-", { migrated: true });
    server = await startAppServer({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
    });
    // Both processes listen and made their decoy hash: one sign-in at a time, each on a new
    // connection (the supervisor hands connections out in turn), until both have answered one.
    for (let i = 0; pidsThatAnswered(30).size < 2; i++) {
      expect(i, "the second server process never answered").toBeLessThan(40);
      expect((await login(i, { Connection: "close" })).status).toBe(401);
    }
  }, 120_000);
  afterAll(() => server?.stop());

  it("one hash runs and four wait for the whole machine: a burst of 24 across both processes gets at least 19 answers 429", async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(100 + i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length, String(statuses)).toBeGreaterThanOrEqual(19);
    expect(statuses.filter((s) => s !== 429)).toEqual(Array(24 - statuses.filter((s) => s === 429).length).fill(401));
    // Both processes took part of the burst: each refused some (a warning, with its pid).
    expect(pidsThatAnswered(40).size).toBe(2);
  });
});
