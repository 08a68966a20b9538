import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { totpCode } from "~/features/account/totp.server";
import { openDatabase, type Database } from "~/core/db/database.server";
import { STARTED_FIELD } from "~/features/reviews/spam-guard";
import { finishSetup } from "~/features/site-content/setup.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { fillTimeToken } from "../support/fill-time";
import { storeQuickAccount } from "../support/quick-password";
import { createPostgresDatabase } from "../support/test-databases";

/**
 * Every limit and every once-only secret under parallel bursts, over HTTP,
 * against a real PostgreSQL server: a burst gets no more than a sequence would.
 */
// Bursts of scrypt checks: generous time on a busy two-core machine.
describe("limits and once-only codes under parallel bursts (PostgreSQL)", { timeout: 180_000 }, () => {
  let server: AppServer;
  let database: Database;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  const PASSWORD_ONLY = { email: "admin@studio.test", password: "password-amministratore-1" };
  const totpUsers = [1, 2, 3].map((n) => ({
    email: `totp${n}@studio.test`,
    password: `password-con-due-fattori-${n}`,
  }));
  const secrets: string[] = [];
  const recoveryCodes: string[][] = [];

  beforeAll(async () => {
    const databaseUrl = await createPostgresDatabase({ migrated: true });
    database = await openDatabase({ url: databaseUrl });
    const accounts = createAdminAccounts(database.db);
    // Stored at a low scrypt cost: the limits are under test, and each of the some twenty sign-ins
    // below would otherwise wait a third of a second for its hash (unknown e-mails: the site's decoy).
    const store = (account: { email: string; password: string }) => storeQuickAccount(accounts, account);
    await store(PASSWORD_ONLY);
    for (const account of totpUsers) {
      const { user } = await store(account);
      const secret = await accounts.startTotp(user.id);
      // Enrolment spends the current code; logins below use the next window's codes.
      recoveryCodes.push((await accounts.confirmTotp((await accounts.get(user.id))!, totpCode(secret)))!);
      secrets.push(secret);
    }
    // Signing in is under test, not the first-run setup a first sign-in would open.
    await finishSetup(database.db);
    server = await startAppServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: "loopback", REVIEWS_RATE_LIMIT: "5" });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  function post(pathname: string, body: BodyInit, ip: string, cookie?: string) {
    const headers: Record<string, string> = { Origin: server.url, "X-Forwarded-For": ip };
    if (cookie) headers.Cookie = cookie;
    return fetch(server.url + pathname, { method: "POST", body, headers, redirect: "manual" });
  }

  const login = (credentials: { email: string; password: string }, ip: string) =>
    post("/admin-login", new URLSearchParams(credentials), ip);

  const sessionCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session=") && !c.startsWith("admin_session=;"))
      ?.split(";")[0];

  const tally = (responses: Response[]) =>
    responses.reduce<Record<number, number>>(
      (counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }),
      {},
    );

  /** Password step done for `count` pending logins of a TOTP account, each from its own address. */
  async function pendingLogins(account: { email: string; password: string }, count: number) {
    const pending: { cookie: string; ip: string }[] = [];
    for (let i = 0; i < count; i++) {
      const ip = nextIp();
      const response = await login(account, ip);
      expect(response.headers.get("location")).toBe("/admin-login");
      pending.push({ cookie: sessionCookie(response)!, ip });
    }
    return pending;
  }

  /**
   * Checks a burst's answers against its limit. On a loaded machine part of a burst may be turned
   * away as busy, never checked: 503 "riprova tra poco" when a request waits past the pool's bound
   * (decision 0044), or 429 with Retry-After when the password hashing is full. A 429 without it is
   * the limit's. Any other answer fails the test.
   */
  function expectLimitedBurst(responses: Response[], limit: number, checked: (r: Response) => boolean) {
    const isBusy = (r: Response) => r.status === 503 || (r.status === 429 && r.headers.has("Retry-After"));
    const isLimited = (r: Response) => r.status === 429 && !r.headers.has("Retry-After");
    const unexpected = responses.filter((r) => !checked(r) && !isBusy(r) && !isLimited(r)).map((r) => r.status);
    expect(unexpected).toEqual([]);
    const checkedCount = responses.filter(checked).length;
    // Never more than the limit checked; fewer only when requests were turned away as busy.
    expect(checkedCount).toBeLessThanOrEqual(limit);
    expect(checkedCount + responses.filter(isBusy).length).toBeGreaterThanOrEqual(limit);
  }

  const signedIn = (responses: Response[]) =>
    responses.filter((r) => r.status === 302 && r.headers.get("location") === "/admin");

  it("50 reviews posted at once from one address with a limit of 5: 5 accepted, the rest refused", async () => {
    const ip = nextIp();
    // A start token is good for one review: each post has its own.
    const tokens = await Promise.all(Array.from({ length: 50 }, () => fillTimeToken(server.url)));
    const responses = await Promise.all(
      tokens.map((token, i) => {
        const form = new FormData();
        form.set("name", `Raffica ${i}`);
        form.set("content", `Recensione numero ${i} inviata in parallelo`);
        form.set("rating", "5");
        form.set("consent", "on");
        form.set(STARTED_FIELD, token);
        return post("/reviews", form, ip);
      }),
    );
    console.info(`reviews burst: ${JSON.stringify(tally(responses))}`);
    expectLimitedBurst(responses, 5, (r) => r.status === 303);
  });

  it("40 login attempts at once from one address, the last with the right password: at most 5 are checked", async () => {
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(i === 39 ? PASSWORD_ONLY : { email: PASSWORD_ONLY.email, password: `sbagliata-${i}-xxxxx` }, ip),
      ),
    );
    console.info(`login burst (40, one right): ${JSON.stringify(tally(responses))}`);
    expectLimitedBurst(responses, 5, (r) => r.status === 401 || signedIn([r]).length === 1);
  });

  it("100 wrong passwords at once: 5 checked, the rest refused", async () => {
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login({ email: PASSWORD_ONLY.email, password: `indovinata-${i}-xx` }, ip)),
    );
    console.info(`login burst (100 wrong): ${JSON.stringify(tally(responses))}`);
    expectLimitedBurst(responses, 5, (r) => r.status === 401);
  });

  it("one TOTP code sent by 10 pending logins at once signs in exactly one", async () => {
    const pending = await pendingLogins(totpUsers[0]!, 10);
    const code = totpCode(secrets[0]!, Date.now() + 30_000);
    const responses = await Promise.all(
      pending.map(({ cookie, ip }) => post("/admin-login", new URLSearchParams({ intent: "code", code }), ip, cookie)),
    );
    console.info(`one TOTP code, 10 pending logins: ${JSON.stringify(tally(responses))}`);
    expect(signedIn(responses)).toHaveLength(1);
  });

  it("200 code guesses at once for one pending login: 5 checked, the rest refused", async () => {
    const { cookie, ip } = (await pendingLogins(totpUsers[1]!, 1))[0]!;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post("/admin-login", new URLSearchParams({ intent: "code", code: String(100000 + i) }), ip, cookie),
      ),
    );
    console.info(`TOTP guess burst (200): ${JSON.stringify(tally(responses))}`);
    expect(signedIn(responses)).toHaveLength(0);
    expectLimitedBurst(responses, 5, (r) => r.status === 401);
  });

  it("one recovery code sent by 5 pending logins at once signs in exactly one, and never again", async () => {
    const pending = await pendingLogins(totpUsers[2]!, 5);
    const code = recoveryCodes[2]![0]!;
    const responses = await Promise.all(
      pending.map(({ cookie, ip }) => post("/admin-login", new URLSearchParams({ intent: "code", code }), ip, cookie)),
    );
    console.info(`one recovery code, 5 pending logins: ${JSON.stringify(tally(responses))}`);
    expect(signedIn(responses)).toHaveLength(1);
    const [again] = await pendingLogins(totpUsers[2]!, 1);
    const reused = await post("/admin-login", new URLSearchParams({ intent: "code", code }), again!.ip, again!.cookie);
    expect(reused.status).toBe(401);
  });
});
