// Nothing freezes the site and nothing floods it: a refused form answers no more than its fields
// allow, a flood of refusals is stopped, a body over its limit gets the Italian 413 however it is
// sent (never a connection reset), and odd addresses get a 404 or 405, never a server error.
// Before: a 10 MB review refused for its missing consent answered 19.7 MB, refusals were free, a
// chunked or 70 MB body got a reset, and these addresses answered 500.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_MESSAGES } from "~/core/forms/respond.server";
import { REFUSED_POST_RULE } from "~/core/server/rate-limit.server";
import { BOOKING_MESSAGES } from "~/features/booking/messages";
import { REVIEW_FORM_MESSAGES } from "~/features/reviews/messages";
import { REVIEW_NAME_MAX } from "~/features/reviews/review-rules";
import { ADMIN, adminCreate, adminSessionCookie } from "../support/admin";
import { startAppServer, type AppServer } from "../support/app-server";
import { seedBooking } from "../support/factory";
import { fillTimeToken } from "../support/reviews";
import { createPostgresDatabase } from "../support/test-databases";

let nextAddress = 1;
/** A visitor of her own (the server trusts the loopback proxy): each test's refusals count apart. */
const visitor = () => `198.51.100.${nextAddress++}`;

describe("refused bodies and odd addresses", () => {
  let server: AppServer;
  let cookie: string;
  let databaseUrl: string;
  let managePath: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "refused-bodies-"));
    databaseUrl = await createPostgresDatabase({ migrated: true });
    const created = adminCreate(
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      ["--email", ADMIN.email],
      ADMIN.password,
    );
    expect(created.code, created.stderr).toBe(0);
    ({ managePath } = await seedBooking(dataDir, databaseUrl));
    server = await startAppServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: "loopback",
      REVIEWS_RATE_LIMIT: "1000",
      // Each request's line, to see that one was logged at no error level.
      LOG_LEVEL: "info",
    });
    cookie = await adminSessionCookie(server.url);
  }, 120_000);
  afterAll(() => server?.stop());

  const post = (pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(server.url + pathname, {
      method: "POST",
      body,
      headers: { Origin: server.url, ...headers },
      redirect: "manual",
    });
  const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

  it("a refused review sends back at most what its fields hold", async () => {
    const token = await fillTimeToken(server.url);
    // Under the per-field cap: refused for the missing consent, the name comes back cut to its maximum.
    const fields = new URLSearchParams({ name: "n".repeat(30_000), content: "c".repeat(30_000), rating: "5" });
    fields.set("modulo_aperto", token);
    const refused = await post("/reviews.data", fields, { ...urlencoded, "X-Forwarded-For": visitor() });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toContain(REVIEW_FORM_MESSAGES.consent);
    expect(body.length).toBeLessThan(16 * 1024);
    expect(body).toContain(`"${"n".repeat(REVIEW_NAME_MAX)}"`);
    expect(body).not.toContain("n".repeat(REVIEW_NAME_MAX + 1));

    // 10 MB of text (the body limit is for a photo): the Italian 413, a few bytes long.
    const huge = `name=${"n".repeat(4_900_000)}&content=${"c".repeat(4_900_000)}&rating=5&modulo_aperto=${token}`;
    const tooLarge = await post("/reviews.data", huge, { ...urlencoded, "X-Forwarded-For": visitor() });
    expect(tooLarge.status).toBe(413);
    const tooLargeBody = await tooLarge.text();
    expect(tooLargeBody).toContain(REQUEST_MESSAGES.tooLarge);
    expect(tooLargeBody.length).toBeLessThan(4 * 1024);
  });

  it("refusals count: past their budget an address gets 429, another address is still answered", async () => {
    const token = await fillTimeToken(server.url);
    const from = visitor();
    const refuse = () =>
      post("/reviews.data", new URLSearchParams({ name: "Anna", content: "Bene", rating: "5", modulo_aperto: token }), {
        ...urlencoded,
        "X-Forwarded-For": from,
      });
    for (let i = 0; i < REFUSED_POST_RULE.max; i++) expect((await refuse()).status).toBe(400);
    const stopped = await refuse();
    expect(stopped.status).toBe(429);
    expect(await stopped.text()).toContain(REVIEW_FORM_MESSAGES.rateLimited);
    const other = await post(
      "/reviews.data",
      new URLSearchParams({ name: "Anna", content: "Bene", rating: "5", modulo_aperto: token }),
      { ...urlencoded, "X-Forwarded-For": visitor() },
    );
    expect(other.status).toBe(400);
  });

  it("a body over its limit sent chunked gets the Italian 413, and the server answers on", async () => {
    const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 48) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body,
      headers: { Origin: server.url, ...urlencoded },
      redirect: "manual",
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(REQUEST_MESSAGES.tooLarge);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("a 70 MB upload gets the Italian 413, not a reset", async () => {
    const form = new FormData();
    form.set("name", "Anna");
    form.set("photo", new File([new Uint8Array(70 * 1024 * 1024)], "grande.jpg", { type: "image/jpeg" }));
    const response = await post("/reviews.data", form, { "X-Forwarded-For": visitor() });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(REVIEW_FORM_MESSAGES.photoTooLarge);
  });

  it("cancelling by a link no appointment has, or one whose appointment was purged, is the link's Italian 404", async () => {
    const cancel = async (pathname: string) => {
      const response = await post(pathname, new URLSearchParams({ intent: "cancel" }), urlencoded);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).toContain(BOOKING_MESSAGES.linkInvalid);
    };
    await cancel("/prenota/gestisci/x");
    await cancel("/prenota/gestisci/x.data");
    // Her real link, after the retention job deleted the appointment.
    expect((await fetch(server.url + managePath)).status).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect((await client.query("delete from appointments")).rowCount).toBe(1);
    } finally {
      await client.end();
    }
    await cancel(managePath);
    await cancel(`${managePath}.data`);
    expect((await fetch(server.url + managePath)).status).toBe(404);
  });

  it("a recipe address with a NUL is a 404, and so is a recipe id that is no id, signed in", async () => {
    for (const pathname of ["/ricette/%00", "/ricette/a%00b", "/ricette/%00.data"]) {
      expect((await fetch(server.url + pathname)).status, pathname).toBe(404);
    }
    const edit = await fetch(`${server.url}/admin/ricette/garbage`, { headers: { Cookie: cookie } });
    expect(edit.status).toBe(404);
  });

  it("a POST to a page without a form is the Italian 405, logged as no error", async () => {
    const logged = server.output().length;
    const response = await post("/home", new URLSearchParams({ a: "1" }), urlencoded);
    expect(response.status).toBe(405);
    const body = await response.text();
    expect(body).toContain(REQUEST_MESSAGES.methodNotAllowed);
    expect(body).not.toMatch(/did not provide an `action`|routes\//);
    // The request's own log line comes after the answer: wait for it, then look for an error before it.
    await expect.poll(() => server.output().slice(logged), { timeout: 5_000 }).toMatch(/"url":"\/home"/);
    expect(server.output().slice(logged)).not.toContain('"level":50');
  });
});
