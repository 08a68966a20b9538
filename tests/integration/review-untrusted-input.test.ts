// What a visitor sends to the reviews (an id in the address, a page cursor, report details, a form's
// start token, an invitation link) is trusted in no shape: an impossible value gets a clear answer,
// never a server error, a raw value in a header, a database error or a secret in the log. And a
// review taken off the site takes its photo with it.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Review } from "~/features/reviews/schema";
import { STARTED_FIELD } from "~/features/reviews/spam-guard";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { fillTimeToken } from "../support/fill-time";
import { seedReviews } from "../support/factory";

describe("reviews: untrusted input", () => {
  let server: AppServer;
  let published: Review;
  let hidden: Review;
  let pending: Review;
  let adminCookie: string;
  let nextAddress = 1;
  /** A visitor address of its own for each use, so rate limits of one check never meet another's. */
  const newAddress = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    const dataDir = newDataDir("review-untrusted-", { admin: true });
    [published, hidden, pending] = (await seedReviews(dataDir, [
      { name: "Pubblicata con foto", content: "Tutto chiaro.", rating: 5, withImage: true },
      { name: "Nascosta con foto", content: "Dati personali.", rating: 1, withImage: true, status: "hidden" },
      { name: "In attesa con foto", content: "Da approvare.", rating: 4, withImage: true, status: "pending" },
    ])) as [Review, Review, Review];
    // Request logs at info, as in production.
    server = await startAppServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      TRUST_PROXY: "loopback",
      REVIEWS_RATE_LIMIT: "100",
    });
    const login = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    adminCookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session="))!
      .split(";")[0]!;
  });
  afterAll(() => server?.stop());

  /**
   * What the server logged while `work` ran: a request with an id of its own is sent after it, and
   * the log is read once that request's line has arrived. A request is logged when its answer has
   * been sent whole, so `work` reads every answer it asserts on to its end.
   */
  async function logDuring(work: () => Promise<void>): Promise<string> {
    const from = server.output().length;
    await work();
    const marker = `fine-${randomBytes(8).toString("hex")}`;
    await fetch(`${server.url}/robots.txt`, { headers: { "X-Request-Id": marker } });
    await expect.poll(() => server.output().includes(marker), { timeout: 10_000 }).toBe(true);
    return server.output().slice(from);
  }

  const logLines = (log: string) =>
    log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url?: string } });

  /** `byScript`: sent by a script of ours, which asks for the answer as JSON. */
  const report = (
    id: string,
    fields: Record<string, string>,
    options: { address?: string; suffix?: string; byScript?: boolean } = {},
  ) =>
    fetch(`${server.url}/reviews/${id}/segnala${options.suffix ?? ""}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        Origin: server.url,
        "X-Forwarded-For": options.address ?? newAddress(),
        ...(options.byScript ? { Accept: "application/json" } : {}),
      },
      redirect: "manual",
    });

  describe("a report's address with an id that is no review's", () => {
    // NUL, CR LF (a header injection), U+2028, and plain text: none is a review id.
    const ids = ["%00", "%0D%0ASet-Cookie:%20rubato=1", "%E2%80%A8", "non-un-id", `${"a".repeat(300)}`];

    it.each(ids)("%s: 404 with the Italian page, for a post, a script's post and a link", async (id) => {
      const log = await logDuring(async () => {
        for (const byScript of [false, true]) {
          const posted = await report(id, { reason: "offensive" }, { byScript });
          expect(posted.status, `POST ${JSON.stringify({ byScript })}`).toBe(404);
          expect(posted.headers.get("location")).toBeNull();
          expect(posted.headers.get("set-cookie") ?? "").not.toContain("rubato");
          expect(await posted.text()).toContain("Pagina non trovata");
        }
        const followed = await fetch(`${server.url}/reviews/${id}/segnala`, { redirect: "manual" });
        expect(followed.status).toBe(404);
        expect(followed.headers.get("location")).toBeNull();
        expect(await followed.text()).toContain("Pagina non trovata");
        const data = await report(id, { reason: "offensive" }, { suffix: ".data" });
        expect(data.status).toBe(404);
        expect(data.headers.get("location")).toBeNull();
      });
      expect(logLines(log).filter((line) => line.level >= 50)).toEqual([]);
    });

    it("a real review's id still leads to it, in the Location header only as the id itself", async () => {
      const followed = await fetch(`${server.url}/reviews/${published.id}/segnala`, { redirect: "manual" });
      expect(followed.status).toBe(302);
      expect(followed.headers.get("location")).toBe(`/reviews#recensione-${published.id}`);
      const posted = await report(published.id, { reason: "false" });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe(`/reviews#recensione-${published.id}`);
    });
  });

  it("a forged page cursor with an impossible date or id shows the first page and logs no database error", async () => {
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    const forged = [
      cursor(`2024-02-30T10:00:00.000Z_${published.id}`),
      cursor(`2024-13-01T10:00:00.000Z_${published.id}`),
      cursor(`2024-06-01T24:00:00.000000Z_${published.id}`),
      cursor(`0000-01-01T00:00:00.000Z_${published.id}`),
      cursor("2024-06-01T10:00:00.000Z_00000000-0000-0000-0000-00000000000g"),
    ];
    const log = await logDuring(async () => {
      for (const token of forged) {
        for (const pathname of ["/reviews", "/reviews.data"]) {
          const response = await fetch(`${server.url}${pathname}?dopo=${token}`);
          expect(response.status, `${pathname} ${token}`).toBe(200);
          // The first page: the newest published review, and no "older reviews" notice.
          const body = await response.text();
          expect(body).toContain("Pubblicata con foto");
          if (pathname === "/reviews") expect(body).not.toContain("Stai vedendo recensioni meno recenti");
        }
      }
    });
    expect(log).not.toMatch(/timestamptz|out of range|reading reviews failed/);
    expect(logLines(log).filter((line) => line.level >= 50)).toEqual([]);
  });

  it("report details with a NUL byte are refused without a server error, and use up no report", async () => {
    // Needs the report schema's refusal of control characters (another change) for the status.
    const address = newAddress();
    // More refused reports than the hourly limit (10) allows accepted ones.
    for (let i = 0; i < 11; i++) {
      const response = await report(
        published.id,
        { reason: "other", details: `prima\u0000dopo ${i}` },
        { address, byScript: true },
      );
      expect(response.status).toBeLessThan(500);
      expect(response.status).not.toBe(200);
    }
    const accepted = await report(
      published.id,
      { reason: "other", details: "Un dettaglio qualsiasi." },
      { address, byScript: true },
    );
    expect(accepted.status).toBe(200);
  });

  it("the request log holds no invitation token, in the page's address nor in its data's", async () => {
    const token = randomBytes(32).toString("base64url");
    const log = await logDuring(async () => {
      for (const pathname of ["/reviews", "/reviews.data"]) {
        const response = await fetch(`${server.url}${pathname}?invito=${token}`);
        expect(response.status).toBe(200);
        // A request is logged once its answer is sent whole: read to the end, as a browser would.
        await response.arrayBuffer();
      }
    });
    const requests = logLines(log).filter((line) => line.req?.url);
    expect(requests.map((line) => line.req!.url)).toEqual(expect.arrayContaining(["/reviews", "/reviews.data"]));
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 16));
  });

  describe("review photos", () => {
    const photoOf = (review: Review) => `${server.url}/media/${review.image!.variants[0]!.key}`;
    const moderate = (id: string, status: "hidden" | "published") =>
      fetch(`${server.url}/admin/recensioni`, {
        method: "POST",
        body: new URLSearchParams({ intent: "review-status", id, status }),
        headers: { Origin: server.url, Cookie: adminCookie },
        redirect: "manual",
      });

    it("a hidden or pending review's photo is not served, to anyone but the administrator", async () => {
      const shown = await fetch(photoOf(published));
      expect(shown.status).toBe(200);
      expect(shown.headers.get("content-type")).toBe("image/webp");
      // No shared cache may keep it: the review can be taken down.
      expect(shown.headers.get("cache-control")).toMatch(/^private\b/);
      for (const review of [hidden, pending]) {
        for (const variant of review.image!.variants) {
          const response = await fetch(`${server.url}/media/${variant.key}`);
          expect(response.status, `${review.name} ${variant.key}`).toBe(404);
          expect(await response.text()).toBe("Non trovato");
        }
        // The administrator moderates with the photos in view; nothing keeps them.
        const forAdmin = await fetch(photoOf(review), { headers: { Cookie: adminCookie } });
        expect(forAdmin.status).toBe(200);
        expect(forAdmin.headers.get("cache-control")).toBe("private, no-store");
      }
      expect(
        (await fetch(photoOf(hidden), { headers: { Cookie: "admin_session=forged-session-id-12345" } })).status,
      ).toBe(404);
    });

    it("hiding a review takes its photo down at once, publishing it again brings it back", async () => {
      expect((await fetch(photoOf(published))).status).toBe(200);
      expect((await moderate(published.id, "hidden")).status).toBe(303);
      for (const variant of published.image!.variants) {
        expect((await fetch(`${server.url}/media/${variant.key}`)).status).toBe(404);
      }
      expect((await moderate(published.id, "published")).status).toBe(303);
      expect((await fetch(photoOf(published))).status).toBe(200);
    });
  });

  it("one form start token is good for one review only", async () => {
    const token = await fillTimeToken(server.url);
    const names = [`Prima ${randomBytes(3).toString("hex")}`, `Seconda ${randomBytes(3).toString("hex")}`];
    const statuses = await Promise.all(
      names.map((name) => {
        const form = new FormData();
        form.set("name", name);
        form.set("content", `La recensione di ${name}.`);
        form.set("rating", "5");
        form.set("consent", "on");
        form.set(STARTED_FIELD, token);
        return fetch(`${server.url}/reviews`, {
          method: "POST",
          body: form,
          headers: { Origin: server.url, "X-Forwarded-For": newAddress() },
          redirect: "manual",
        }).then((r) => r.status);
      }),
    );
    // Both get the neutral answer a person gets; only one review is saved.
    expect(statuses).toEqual([303, 303]);
    const page = await (await fetch(`${server.url}/reviews`)).text();
    expect(names.filter((name) => page.includes(name))).toHaveLength(1);
    // A token of its own goes through.
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Terza", content: "Con il suo modulo.", rating: "4", consent: "on" }))
      form.set(k, v);
    form.set(STARTED_FIELD, await fillTimeToken(server.url));
    const third = await fetch(`${server.url}/reviews`, {
      method: "POST",
      body: form,
      headers: { Origin: server.url, "X-Forwarded-For": newAddress() },
      redirect: "manual",
    });
    expect(third.status).toBe(303);
    expect(await (await fetch(`${server.url}/reviews`)).text()).toContain("Terza");
  });
});
