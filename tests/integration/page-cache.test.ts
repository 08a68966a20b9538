import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS, STARTED_FIELD } from "~/features/reviews/spam-guard";
import { createFormTimer, type FormTimer } from "~/features/reviews/spam-guard.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { createPostgresDatabase } from "../support/test-databases";

// The /reviews first page from the page cache, on two instances of the production server sharing
// one PostgreSQL: every visitor gets a start time and a nonce of their own, and a review posted on
// either instance is on the next page served by both.

const ACCEPT = { "Accept-Encoding": "gzip, br" };

interface ReviewsPage {
  cache: string | null;
  csp: string;
  html: string;
  /** The review form's hidden fields as the page renders them. */
  fields: URLSearchParams;
  startedAt: string;
}

async function reviewsPage(server: AppServer): Promise<ReviewsPage> {
  const response = await fetch(`${server.url}/reviews`, { headers: ACCEPT });
  expect(response.status).toBe(200);
  const html = await response.text();
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('name="rating"'));
  const fields = new URLSearchParams();
  for (const match of form?.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = match[0].match(/name="([^"]+)"/)?.[1];
    if (name) fields.set(name, match[0].match(/value="([^"]*)"/)?.[1] ?? "");
  }
  return {
    cache: response.headers.get("x-page-cache"),
    csp: response.headers.get("content-security-policy") ?? "",
    html,
    fields,
    startedAt: fields.get(STARTED_FIELD) ?? "",
  };
}

/** Posts the review form as a browser without JavaScript would: urlencoded, its hidden fields included. */
async function postReview(server: AppServer, fields: URLSearchParams, name: string) {
  const body = new URLSearchParams(fields);
  body.set("name", name);
  body.set("content", `La recensione di ${name}: consigli chiari e un piano facile da seguire.`);
  body.set("rating", "5");
  body.set("consent", "on");
  return fetch(`${server.url}/reviews`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url },
  });
}

async function waitOutFillTime(startedAt: string) {
  const wait = Number(startedAt.split(".")[0]) + MIN_FILL_MS + 150 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

describe("/reviews from the page cache", () => {
  let first: AppServer;
  let second: AppServer;
  let timer: FormTimer;

  beforeAll(async () => {
    const databaseUrl = await createPostgresDatabase({ migrated: true });
    const env = { DATABASE_URL: databaseUrl, REVIEWS_RATE_LIMIT: "100", REVIEWS_MODERATION: "false" };
    first = await startAppServer(env);
    second = await startAppServer(env);
    // The key the servers sign start times with, to check theirs and to make an old one.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string }>("select value from app_secrets where name = 'app'");
      timer = createFormTimer(rows[0]!.value);
    } finally {
      await client.end();
    }
  });
  afterAll(() => Promise.all([first?.stop(), second?.stop()]));

  it("gives every response its own valid start time and nonce", async () => {
    const before = Date.now();
    const pages = [await reviewsPage(first), await reviewsPage(first), await reviewsPage(first)];
    const after = Date.now();
    const nonces = new Set<string>();
    for (const page of pages) {
      expect(page.cache).toBe("hit");
      // Signed by the server, at the time of this response.
      const startedAt = timer.startedAt(page.startedAt);
      expect(startedAt).not.toBeNull();
      expect(startedAt!).toBeGreaterThanOrEqual(before);
      expect(startedAt!).toBeLessThanOrEqual(after);
      // The hydration data carries the same start time as the form.
      expect(page.html.split(page.startedAt)).toHaveLength(3);
      // The policy names this response's nonce, and every script and preload carries it.
      const nonce = /'nonce-([^']+)'/.exec(page.csp)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(page.csp).toContain("'strict-dynamic'");
      const tags = [...page.html.matchAll(/<(?:script|link rel="modulepreload")\b[^>]*>/g)].map((m) => m[0]);
      expect(tags.length).toBeGreaterThan(1);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(new Set(pages.map((p) => p.startedAt)).size).toBe(pages.length);
    expect(nonces.size).toBe(pages.length);
  });

  it("takes a review posted without JavaScript after the fill time, shown on the next request to every instance", async () => {
    const name = `Paziente ${randomBytes(3).toString("hex")}`;
    // Both instances hold the page before the review.
    for (const server of [first, second]) {
      const page = await reviewsPage(server);
      expect(page.cache).toBe("hit");
      expect(page.html).not.toContain(name);
    }
    const form = await reviewsPage(first);
    await waitOutFillTime(form.startedAt);
    const posted = await postReview(first, form.fields, name);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/reviews?inviata=pubblicata#lascia-recensione");

    // The instance that saved it: at once.
    const next = await reviewsPage(first);
    expect(next.cache).toBe("hit");
    expect(next.html).toContain(name);
    // The other instance: as soon as the announcement reaches it.
    const deadline = Date.now() + 5_000;
    let other = await reviewsPage(second);
    while (!other.html.includes(name) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      other = await reviewsPage(second);
    }
    expect(other.cache).toBe("hit");
    expect(other.html).toContain(name);
  });

  it("refuses a start time older than a day, a forged one and one sent too soon, saving nothing", async () => {
    const form = await reviewsPage(first);
    const [, random, signature] = form.startedAt.split(".");
    const attempts = {
      old: timer.stamp(Date.now() - 25 * 60 * 60 * 1000),
      forged: `${Date.now() - 60_000}.${random}.${signature}`,
      tooSoon: form.startedAt,
    };
    const names: string[] = [];
    for (const [kind, token] of Object.entries(attempts)) {
      const fields = new URLSearchParams(form.fields);
      fields.set(STARTED_FIELD, token);
      const name = `Robot ${kind} ${randomBytes(3).toString("hex")}`;
      names.push(name);
      // A neutral answer, as for a person, so a bot learns nothing.
      expect((await postReview(first, fields, name)).status).toBe(303);
    }
    // The same form, once its fill time has passed, is taken: the refusals were the start times.
    await waitOutFillTime(form.startedAt);
    const person = `Paziente ${randomBytes(3).toString("hex")}`;
    expect((await postReview(first, form.fields, person)).status).toBe(303);

    const page = await reviewsPage(first);
    expect(page.html).toContain(person);
    for (const name of names) expect(page.html).not.toContain(name);
  });
});
