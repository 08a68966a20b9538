import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { createSessionStore } from "~/features/account/sessions.server";
import { totpCode } from "~/features/account/totp.server";
import { openDatabase } from "~/core/db/database.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { adminSessions } from "~/features/account/schema";
import { largestUrl, storeImage } from "~/core/media/image-pipeline.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { createRecipePhotoRepository } from "~/features/photos/recipe-photos.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { adminCreate, jpeg } from "../support/admin";
import { finishSetup } from "~/features/site-content/setup.server";
import { SETUP_PATH } from "~/features/site-content/editor-groups";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { storeQuickAccount } from "../support/quick-password";
import { createPostgresDatabase } from "../support/test-databases";

const ADMIN = { email: "admin@studio.test", password: "password-amministratore-1" };
const OTHER = { email: "altro@studio.test", password: "password-altro-account-2" };
const TWO_FACTOR = { email: "totp@studio.test", password: "password-con-due-fattori" };

interface Seeded {
  photoId: string;
  photoUrl: string;
  reviewId: string;
  expiredToken: string;
  pendingToken: string;
  staleToken: string;
  totpSecret: string;
  recoveryCodes: string[];
}

/** Writes the starting state before the server starts. */
async function seed(dataDir: string): Promise<Seeded> {
  const database = await openSiteDatabase({ dataDir });
  try {
    const { db } = database;
    const accounts = createAdminAccounts(db);
    const sessions = createSessionStore(db);
    // Stored at a low scrypt cost: these accounts sign in some twenty times, their checks are under
    // test, not the hash's time (an unknown e-mail is still checked against the site's decoy).
    const store = (account: { email: string; password: string }) => storeQuickAccount(accounts, account);
    const { user: admin } = await store(ADMIN);
    await store(OTHER);
    const { user: withTotp } = await store(TWO_FACTOR);
    const totpSecret = await accounts.startTotp(withTotp.id);
    const recoveryCodes = (await accounts.confirmTotp((await accounts.get(withTotp.id))!, totpCode(totpSecret)))!;
    // Signing in is under test, not the first-run setup a first sign-in would open.
    await finishSetup(db);

    const media = createLocalMediaStorage(path.join(dataDir, "media"));
    const image = await storeImage(media, "recipe-photos", await jpeg(600, 400));
    const photo = await createRecipePhotoRepository(db).add({
      title: "Originale",
      imageUrl: largestUrl(media, image),
      image,
    });
    const review = await createReviewRepository(db).add({
      name: "Anna",
      content: "In attesa",
      rating: 4,
      status: "pending",
    });

    const expired = await sessions.create({ userId: admin.id, verified: true });
    await db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.idHash, expired.session.idHash));
    const pending = await sessions.create({ userId: admin.id, verified: false });
    // Last used two days ago, still valid: the next request must renew it.
    const stale = await sessions.create({ userId: admin.id, verified: true });
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 86_400_000), expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(adminSessions.idHash, stale.session.idHash));

    return {
      photoId: photo.id,
      photoUrl: photo.imageUrl,
      reviewId: review.id,
      expiredToken: expired.token,
      pendingToken: pending.token,
      staleToken: stale.token,
      totpSecret,
      recoveryCodes,
    };
  } finally {
    await database.close();
  }
}

describe("admin security over HTTP", () => {
  let server: AppServer;
  let seeded: Seeded;
  let validCookie: string;
  let ipCounter = 0;
  /** Each test gets its own client address (the server trusts X-Forwarded-For from loopback), so throttling stays per test. */
  const nextIp = () => `198.51.100.${++ipCounter}`;

  interface Options {
    method?: string;
    body?: BodyInit;
    cookie?: string;
    origin?: string | null;
    ip?: string;
    headers?: Record<string, string>;
  }

  function request(pathname: string, options: Options = {}) {
    const headers: Record<string, string> = { "X-Forwarded-For": options.ip ?? "203.0.113.250", ...options.headers };
    if (options.cookie) headers.Cookie = options.cookie;
    const method = options.method ?? "GET";
    const origin = options.origin === undefined ? server.url : options.origin;
    if (method !== "GET" && origin) headers.Origin = origin;
    return fetch(server.url + pathname, { method, body: options.body, headers, redirect: "manual" });
  }

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  function rawPost(pathname: string, body: string, headers: Record<string, string>) {
    return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = http.request(server.url + pathname, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  function sessionCookieFrom(response: Response): string | null {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
    const value = cookie?.split(";")[0];
    return value && value !== "admin_session=" ? value : null;
  }

  async function login(credentials: { email: string; password: string }, ip = nextIp()) {
    const response = await request("/admin-login", { method: "POST", body: form(credentials), ip });
    return { response, cookie: sessionCookieFrom(response) };
  }

  beforeAll(async () => {
    const dataDir = newDataDir("admin-security-", { migrated: true });
    seeded = await seed(dataDir);
    server = await startAppServer({ DATA_DIR: dataDir, REVIEWS_MODERATION: "true", TRUST_PROXY: "loopback" });
    const { response, cookie } = await login(ADMIN);
    expect(response.status).toBe(302);
    validCookie = cookie!;
  });

  afterAll(() => server?.stop());

  /** Every write an administrator can make, as the browser would send it (fields only; path and method below). */
  const writes: { path: string; body: () => BodyInit }[] = [
    { path: "/admin/foto", body: () => form({ intent: "retitle", id: "", title: "Manomesso" }) },
    { path: "/admin/foto", body: () => form({ intent: "move", id: "", direction: "down" }) },
    { path: "/admin/foto", body: () => form({ intent: "delete-photo", id: "" }) },
    { path: "/admin/recensioni", body: () => form({ intent: "review-status", id: "", status: "published" }) },
    { path: "/admin/recensioni", body: () => form({ intent: "delete-review", id: "" }) },
    {
      path: "/admin/account",
      body: () =>
        form({
          intent: "password",
          current: ADMIN.password,
          next: "nuova-password-rubata",
          confirm: "nuova-password-rubata",
        }),
    },
    { path: "/admin/account", body: () => form({ intent: "totp-start" }) },
    { path: "/admin/account", body: () => form({ intent: "logout-others" }) },
    {
      path: "/admin/foto",
      body: () => {
        const data = new FormData();
        data.set("title", "Intrusa");
        data.set("image", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "x.jpg");
        return data;
      },
    },
  ];
  // The ids of the seeded rows go into the bodies once seeding is done.
  const bodyFor = (write: (typeof writes)[number]) => {
    const body = write.body();
    if (body instanceof URLSearchParams && body.has("id")) {
      body.set("id", body.get("intent")!.includes("review") ? seeded.reviewId : seeded.photoId);
    }
    return body;
  };
  // Each route also answers React Router's data requests (<path>.data) used by the running app.
  // (The photo upload is sent by a script of ours, not by the router: it has no data URL.)
  const targets = writes.flatMap((w) => (w.body() instanceof FormData ? [w] : [w, { ...w, path: `${w.path}.data` }]));

  async function expectNothingChanged() {
    const page = await request("/admin", { cookie: validCookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Foto caricate (<!-- -->1<!-- -->)");
    expect(html).toContain("Originale");
    expect(html).not.toContain("Manomesso");
    expect(html).not.toContain("Intrusa");
    expect(html).toContain("In attesa di approvazione");
    expect((await fetch(server.url + seeded.photoUrl)).status).toBe(200);
    const account = await (await request("/admin/account", { cookie: validCookie })).text();
    expect(account).toContain("Non attiva");
    // The password is still the old one.
    expect((await login(ADMIN)).response.status).toBe(302);
  }

  const badSessions = () => [
    { name: "no session", cookie: undefined },
    { name: "a forged session id", cookie: "admin_session=Zm9yZ2VkLXNlc3Npb24taWQtdGhhdC1kb2VzLW5vdC1leGlzdA" },
    { name: "an expired session", cookie: `admin_session=${seeded.expiredToken}` },
    { name: "a session still waiting for its second factor", cookie: `admin_session=${seeded.pendingToken}` },
  ];

  it("pages redirect to /admin-login and data requests leak nothing, without a valid session", async () => {
    for (const { name, cookie } of badSessions()) {
      for (const pathname of ["/admin", "/admin/account", "/admin/foto"]) {
        const response = await request(pathname, { cookie });
        expect(response.status, `${name}: GET ${pathname}`).toBe(302);
        expect(response.headers.get("location"), `${name}: GET ${pathname}`).toMatch(/\/admin-login$/);
      }
      for (const pathname of ["/admin.data", "/admin/account.data"]) {
        const response = await request(pathname, { cookie });
        const body = await response.text();
        expect([202, 302, 401, 403], `${name}: GET ${pathname}`).toContain(response.status);
        expect(body, `${name}: GET ${pathname}`).toContain("/admin-login");
        expect(body).not.toContain("Originale");
        expect(body).not.toContain(ADMIN.email);
      }
    }
  });

  it("every admin action without a valid session gets 401 (a plain form post: a redirect to the login) and changes nothing", async () => {
    for (const { name, cookie } of badSessions()) {
      for (const target of targets) {
        const response = await request(target.path, { method: "POST", body: bodyFor(target), cookie });
        expect(response.status, `${name}: POST ${target.path} ${String(bodyFor(target))}`).toBe(401);
      }
      // fetch() always sends Sec-Fetch-Mode: cors; a browser posting a form without JavaScript sends "navigate".
      const navigation = await rawPost("/admin/foto", String(bodyFor(writes[2]!)), {
        ...(cookie ? { Cookie: cookie } : {}),
        "Sec-Fetch-Mode": "navigate",
      });
      expect(navigation.status).toBe(302);
      expect(navigation.location).toMatch(/\/admin-login$/);
    }
    await expectNothingChanged();
  });

  it("every state-changing request from a foreign Origin gets 403 and changes nothing, even with a valid session", async () => {
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      for (const target of [
        ...targets,
        { path: "/admin-logout", body: () => form({}) },
        { path: "/admin-login", body: () => form(ADMIN) },
      ]) {
        const body = target.path.startsWith("/admin-log") ? target.body() : bodyFor(target);
        const response = await request(target.path, { method: "POST", body, cookie: validCookie, origin });
        expect(response.status, `${origin}: POST ${target.path}`).toBe(403);
      }
    }
    // No Origin and no Referer at all: refused for admin writes (a browser always sends one).
    for (const target of targets) {
      const response = await request(target.path, {
        method: "POST",
        body: bodyFor(target),
        cookie: validCookie,
        origin: null,
      });
      expect(response.status, `no origin: POST ${target.path}`).toBe(403);
    }
    // A foreign Referer without Origin counts as foreign.
    const viaReferer = await request("/admin", {
      method: "POST",
      body: bodyFor(writes[0]!),
      cookie: validCookie,
      origin: null,
      headers: { Referer: "https://evil.example/page" },
    });
    expect(viaReferer.status).toBe(403);
    await expectNothingChanged();
  });

  it("the same requests with a valid session and our Origin do work (so the refusals above are real)", async () => {
    const retitle = await request("/admin/foto.data", {
      method: "POST",
      body: form({ intent: "retitle", id: seeded.photoId, title: "Rinominata" }),
      cookie: validCookie,
    });
    expect(retitle.status).toBe(200);
    const upload = new FormData();
    upload.set("title", "Nuova");
    upload.set("image", new Blob([new Uint8Array(await jpeg(300, 200))], { type: "image/jpeg" }), "n.jpg");
    const added = await request("/admin/foto", {
      method: "POST",
      body: upload,
      cookie: validCookie,
      headers: { Accept: "application/json" },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ ok: true, message: "Foto ricetta aggiunta con successo!" });
    const approved = await request("/admin/recensioni.data", {
      method: "POST",
      body: form({ intent: "review-status", id: seeded.reviewId, status: "published" }),
      cookie: validCookie,
    });
    expect(approved.status).toBe(200);
    const html = await (await request("/admin", { cookie: validCookie })).text();
    expect(html).toContain("Rinominata");
    expect(html).toContain("Foto caricate (<!-- -->2<!-- -->)");
    expect(html).not.toContain("In attesa di approvazione");
  });

  it("rejects an upload over 10 MB on the server, before storing anything", async () => {
    const big = new FormData();
    big.set("image", new Blob([new Uint8Array(10 * 1024 * 1024 + 10)], { type: "image/jpeg" }), "big.jpg");
    const response = await request("/admin/foto", {
      method: "POST",
      body: big,
      cookie: validCookie,
      headers: { Accept: "application/json" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, message: "L'immagine deve essere inferiore a 10MB" });
    const empty = new FormData();
    empty.set("title", "solo titolo");
    const none = await request("/admin/foto", {
      method: "POST",
      body: empty,
      cookie: validCookie,
      headers: { Accept: "application/json" },
    });
    expect(await none.json()).toMatchObject({ ok: false, message: "Seleziona un'immagine" });
  });

  it("sets the session cookie httpOnly, SameSite=Lax, Secure over HTTPS, and renews a session in use", async () => {
    const plain = await request("/admin-login", { method: "POST", body: form(ADMIN), ip: nextIp() });
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).not.toMatch(/Secure/);
    const https = await request("/admin-login", {
      method: "POST",
      body: form(ADMIN),
      ip: nextIp(),
      origin: server.url.replace("http:", "https:"),
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(https.status).toBe(302);
    expect(https.headers.getSetCookie().find((c) => c.startsWith("admin_session="))).toMatch(/; Secure/);

    const renewed = await request("/admin", { cookie: `admin_session=${seeded.staleToken}` });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().find((c) => c.startsWith("admin_session="))).toBe(
      `admin_session=${seeded.staleToken}; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800`,
    );
    expect(renewed.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a wrong email and a wrong password with the same message", async () => {
    const wrongPassword = await login({ email: ADMIN.email, password: "sbagliata-davvero" });
    const wrongEmail = await login({ email: "nessuno@studio.test", password: "sbagliata-davvero" });
    expect(wrongPassword.response.status).toBe(401);
    expect(wrongEmail.response.status).toBe(401);
    const a = await wrongPassword.response.text();
    const b = await wrongEmail.response.text();
    expect(a).toContain("Email o password non corretti");
    expect(b).toContain("Email o password non corretti");
    expect(wrongPassword.cookie).toBeNull();
  });

  it("throttles after 5 failures for one email from one address, even with the right password; the owner elsewhere is not locked out", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: OTHER.email, password: `sbagliata-${i}-xxxx` }, ip)).response.status).toBe(401);
    }
    const refused = await login(OTHER, ip);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.text()).toContain("Troppi tentativi di accesso");
    expect(refused.cookie).toBeNull();
    // A stranger's five wrong passwords do not lock the account's owner out from her own address.
    expect((await login(OTHER, nextIp())).response.status).toBe(302);
  });

  it("throttles after 5 failures from one address, whatever the email", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const { response } = await login({ email: `sconosciuto${i}@studio.test`, password: "qualunque-password" }, ip);
      expect(response.status).toBe(401);
    }
    const refused = await login(ADMIN, ip);
    expect(refused.response.status).toBe(429);
    expect(refused.cookie).toBeNull();
    expect((await login(ADMIN, nextIp())).response.status).toBe(302);
  });

  it("a TOTP account cannot sign in without a valid code; a valid code or a recovery code (once) completes it", async () => {
    const ip = nextIp();
    const first = await login(TWO_FACTOR, ip);
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("location")).toBe("/admin-login");
    const pending = first.cookie!;
    expect(first.response.headers.getSetCookie().join()).not.toContain("Login effettuato");
    // The password alone opens nothing.
    expect((await request("/admin", { cookie: pending })).status).toBe(302);
    expect(
      (
        await request("/admin/foto.data", {
          method: "POST",
          body: form({ intent: "delete-photo", id: seeded.photoId }),
          cookie: pending,
        })
      ).status,
    ).toBe(401);

    const code = (value: string, cookie = pending) =>
      request("/admin-login", { method: "POST", body: form({ intent: "code", code: value }), cookie, ip });
    expect((await code("")).status).toBe(400);
    const wrong = await code(totpCode(seeded.totpSecret) === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Codice non valido");

    // The next period's code (clock drift allowance), never used before.
    const ok = await code(totpCode(seeded.totpSecret, Date.now() + 30_000));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    const verified = sessionCookieFrom(ok)!;
    expect(verified).not.toBe(pending);
    expect((await request("/admin", { cookie: verified })).status).toBe(200);
    // The pending token was replaced, not upgraded.
    expect((await request("/admin", { cookie: pending })).status).toBe(302);

    // A recovery code works once.
    const second = await login(TWO_FACTOR, ip);
    const recovery = seeded.recoveryCodes[0]!;
    expect((await code(recovery.toUpperCase(), second.cookie!)).status).toBe(302);
    const third = await login(TWO_FACTOR, nextIp());
    const reused = await request("/admin-login", {
      method: "POST",
      body: form({ intent: "code", code: recovery }),
      cookie: third.cookie!,
      ip: nextIp(),
    });
    expect(reused.status).toBe(401);
  });

  it("logout ends the session on the server, not just in the browser", async () => {
    const { cookie } = await login(ADMIN);
    const out = await request("/admin-logout", { method: "POST", cookie: cookie! });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/home");
    expect(out.headers.getSetCookie().join("\n")).toMatch(/admin_session=; .*Max-Age=0/);
    expect((await request("/admin", { cookie: cookie! })).status).toBe(302);
    // A GET never signs anyone out.
    const { cookie: other } = await login(ADMIN);
    expect((await request("/admin-logout", { cookie: other! })).status).toBe(302);
    expect((await request("/admin", { cookie: other! })).status).toBe(200);
  });
});

describe("npm run admin:create", () => {
  const account = { email: "Titolare@Studio.test", password: "password-da-terminale-1" };

  async function canLogin(server: AppServer, email: string, password: string): Promise<boolean> {
    const response = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    // Signed in: to the panel, or the first time on a new site to its first-run setup.
    const to = response.headers.get("location") ?? "";
    return response.status === 302 && (to === "/admin" || to.startsWith(SETUP_PATH));
  }

  it("refuses bad input with a clear message and a non-zero exit", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-create-bad-"));
    const missing = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("password mancante");
    const short = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email], "corta");
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("almeno 10 caratteri");
    const email = adminCreate({ DATA_DIR: dataDir }, ["--email", "non-una-email", "--new"], account.password);
    expect(email.code).not.toBe(0);
    expect(email.stderr).toContain("Indirizzo email non valido");
    const unknown = adminCreate({ DATA_DIR: dataDir }, ["--mail", "x"]);
    expect(unknown.code).not.toBe(0);
  });

  it("standard input as the prompt asks: the password on the first line, its confirmation on the second", async () => {
    const databaseUrl = await createPostgresDatabase({ migrated: true });
    const run = (input: string, env: Record<string, string> = {}) =>
      adminCreate({ DATABASE_URL: databaseUrl, ...env }, ["--email", account.email], input);
    const created = run(`${account.password}\n${account.password}\n`);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Amministratore creato");

    const differ = run(`${account.password}\naltra-password-del-2025\n`);
    expect(differ.code).toBe(2);
    expect(differ.stderr).toContain("le due password non coincidono");
    const threeLines = run(`${account.password}\n${account.password}\n${account.password}\n`);
    expect(threeLines.code).toBe(2);
    expect(threeLines.stderr).toContain("più di due righe");
    // A tab, or Esc and an arrow key typed at the prompt: stored, they could never be typed again.
    for (const refused of [
      run("password\tcon-tabulazione\n"),
      run("", { ADMIN_PASSWORD: "password-con-freccia\u001b[A" }),
    ]) {
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("La password non può contenere caratteri di controllo");
    }

    const database = await openDatabase({ url: databaseUrl });
    try {
      // The first line is the password (not both lines and the break between them); the refusals changed nothing.
      expect(await createAdminAccounts(database.db).checkCredentials(account.email, account.password)).not.toBeNull();
    } finally {
      await database.close();
    }
  });

  it("refuses a password in argv without opening the database", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-create-argv-"));
    for (const args of [["--password", account.password], [`--password=${account.password}`]]) {
      const result = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email, ...args], account.password);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("la password non si passa sulla riga di comando");
      expect(result.stderr + result.stdout).not.toContain(account.password);
    }
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });

  it("through npm: the password from stdin or ADMIN_PASSWORD shows in neither the output nor npm's debug log", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-create-npm-"));
    const logsDir = mkdtempSync(path.join(os.tmpdir(), "npm-logs-"));
    const npm = (input: string, env: Record<string, string>, email: string) =>
      spawnSync(
        "npm",
        ["run", "--loglevel=silly", `--logs-dir=${logsDir}`, "admin:create", "--", "--email", email, "--new"],
        {
          cwd: path.resolve(import.meta.dirname, "../.."),
          env: { ...process.env, DATA_DIR: dataDir, ...env },
          input,
          encoding: "utf8",
          timeout: 90_000,
        },
      );
    const fromStdin = npm(`${account.password}\n`, {}, account.email);
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toContain("Amministratore creato");
    const fromEnv = npm("", { ADMIN_PASSWORD: "password-da-variabile-9" }, "seconda@studio.test");
    expect(fromEnv.status, fromEnv.stderr).toBe(0);
    const logs = readdirSync(logsDir)
      .map((file) => readFileSync(path.join(logsDir, file), "utf8"))
      .join("\n");
    expect(logs).toContain("admin:create");
    for (const secret of [account.password, "password-da-variabile-9"]) {
      expect(fromStdin.stdout + fromStdin.stderr + fromEnv.stdout + fromEnv.stderr + logs).not.toContain(secret);
    }
  });

  // Creates a cluster and starts it twice: far longer than the default timeout on a loaded machine.
  it("embedded database: creates the account with the server stopped, resets the password while it runs", {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-create-embedded-"));
    // A DATA_DIR where no site ever started (the server's forgotten): refused, naming it, and nothing made there.
    const elsewhere = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email], account.password);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`in ${dataDir} (DATA_DIR) il sito non è mai partito: nessun account creato.`);
    expect(elsewhere.stderr).toContain("--new");
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
    // Told it is a new site: created, and the output says which site.
    const created = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email, "--new"], account.password);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Amministratore creato: titolare@studio.test");
    expect(created.stdout).toContain(`Sito: ${dataDir} (DATA_DIR).`);

    const server = await startAppServer({ DATA_DIR: dataDir });
    try {
      expect(await canLogin(server, "titolare@studio.test", account.password)).toBe(true);
      const session = await fetch(`${server.url}/admin-login`, {
        method: "POST",
        body: new URLSearchParams(account),
        headers: { Origin: server.url },
        redirect: "manual",
      });
      const cookie = session.headers.getSetCookie()[0]!.split(";")[0]!;

      // The server's PostgreSQL is running: the script uses it, and leaves it running.
      const reset = adminCreate({ DATA_DIR: dataDir }, ["--email", account.email], "password-nuova-del-2025");
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain("Password aggiornata per titolare@studio.test");
      expect(await canLogin(server, account.email, account.password)).toBe(false);
      expect(await canLogin(server, account.email, "password-nuova-del-2025")).toBe(true);
      // A password reset signs out every session.
      expect((await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(
        302,
      );
    } finally {
      await server.stop();
    }
    // With the server stopped the script starts the database itself, and stops it afterwards.
    const again = adminCreate({ DATA_DIR: dataDir }, ["--email", "seconda@studio.test"], account.password);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "data", "postmaster.pid"))).toBe(false);
  });

  it("PostgreSQL: creates the account and resets it while a server runs on the same database", async () => {
    const databaseUrl = await createPostgresDatabase({ migrated: true });
    const created = adminCreate({ DATABASE_URL: databaseUrl }, ["--email", account.email], account.password);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Amministratore creato");
    const server = await startAppServer({ DATABASE_URL: databaseUrl });
    try {
      expect(await canLogin(server, account.email, account.password)).toBe(true);
      const reset = adminCreate({ DATABASE_URL: databaseUrl }, ["--email", account.email], "password-nuova-del-2025");
      expect(reset.code, reset.stderr).toBe(0);
      expect(await canLogin(server, account.email, "password-nuova-del-2025")).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
