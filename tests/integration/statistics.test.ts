import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPUTER_USER_AGENT, PHONE_USER_AGENT } from "../support/user-agents";
import { type AppServer, startAppServer } from "../support/app-server";
import { createPostgresDatabase } from "../support/test-databases";

// Page views counted by the production server, on two instances sharing one PostgreSQL,
// written in batches; SIGTERM writes the last ones, kill -9 loses at most the unwritten seconds and
// never counts a view twice.

const browser = { "User-Agent": PHONE_USER_AGENT, "Accept-Encoding": "gzip, br" };

// Two production servers starting at once: generous time on a busy two-core machine.
describe("page views counted by the server", { timeout: 180_000 }, () => {
  let databaseUrl: string;
  let client: pg.Client;
  const servers: AppServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startAppServer({ DATABASE_URL: databaseUrl, ...env });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase({ migrated: true });
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
    await client?.end();
  });

  /** Views and visitors per page, every day added up (a run crossing midnight splits them in two days). */
  async function counts() {
    const { rows } = await client.query<{ path: string; views: number; days: number; visitors: number }>(
      `select path, sum(views)::int as views, count(*)::int as days, sum(visitors)::int as visitors
         from statistics_pages group by path order by path`,
    );
    return Object.fromEntries(rows.map((r) => [r.path, r]));
  }

  const get = (server: AppServer, path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${server.url}${path}`, { method, headers: { ...browser, ...headers }, redirect: "manual" }).then(
      async (response) => {
        await response.arrayBuffer();
        return response;
      },
    );

  it("counts each public page view once, cache hits included, on two instances adding up; nothing else", async () => {
    const [first, second] = await Promise.all([start(), start()]);
    const hits: (string | null)[] = [];
    for (const server of [first, second])
      for (let i = 0; i < 3; i++) hits.push((await get(server, "/home")).headers.get("x-page-cache"));
    // The page cache answered (after each instance's first render): those views count as well.
    expect(hits.filter((h) => h === "hit").length).toBeGreaterThanOrEqual(4);
    expect((await get(first, "/ricette", { "User-Agent": COMPUTER_USER_AGENT })).status).toBe(200);
    // The other public pages, once each.
    for (const path of ["/", "/reviews", "/privacy"]) expect((await get(second, path)).status).toBe(200);
    // A navigation within the site (React Router asks for the page's data, from another page).
    expect((await get(second, "/services.data", { Referer: `${second.url}/home` })).status).toBe(200);

    // None of these is a view.
    const notViews = [
      get(first, "/home", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      get(first, "/home", { "Sec-Purpose": "prefetch" }),
      get(first, "/home", { Purpose: "prefetch" }),
      get(first, "/home", {}, "HEAD"),
      get(first, "/pagina-che-non-esiste"),
      get(first, "/ricette/ricetta-che-non-esiste"),
      get(first, "/admin"),
      get(first, "/admin-login"),
      // Her own visit, signed in.
      get(first, "/home", { Cookie: `admin_session=${"a".repeat(43)}` }),
      // The same page's data asked again (a revalidation after a form or a live change).
      get(second, "/home.data", { Referer: `${second.url}/home` }),
    ];
    const statuses = (await Promise.all(notViews)).map((r) => r.status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4, 6)).toEqual([404, 404]);

    // SIGTERM: each writes what it counted before its database closes.
    expect(await Promise.all([first.stop(), second.stop()])).toEqual([0, 0]);
    const after = await counts();
    expect(Object.keys(after)).toEqual(["/", "/home", "/privacy", "/reviews", "/ricette", "/services"]);
    for (const path of ["/", "/privacy", "/reviews"]) expect(after[path]).toMatchObject({ views: 1 });
    expect(after["/home"]!.views).toBe(6);
    // One client (same address and browser) on both instances: one visitor of the day.
    expect(after["/home"]!.visitors).toBe(after["/home"]!.days);
    expect(after["/ricette"]).toMatchObject({ views: 1 });
    expect(after["/services"]).toMatchObject({ views: 1 });
    const { rows: days } = await client.query<{ views: number }>(
      "select sum(views)::int as views from statistics_days",
    );
    expect(days[0]!.views).toBe(11);
  });

  it("after a kill -9, counts what was written and nothing twice", async () => {
    const before = (await counts())["/privacy"]?.views ?? 0;
    const server = await start();
    for (let i = 0; i < 3; i++) expect((await get(server, "/privacy")).status).toBe(200);
    // The signal: the batch in the database (one write every few seconds).
    const deadline = Date.now() + 60_000;
    while (((await counts())["/privacy"]?.views ?? 0) < before + 3) {
      if (Date.now() > deadline) throw new Error(`no batch written in 60 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    server.process.kill("SIGKILL");
    await server.stop();
    const again = await start();
    expect((await get(again, "/privacy")).status).toBe(200);
    expect(await again.stop()).toBe(0);
    expect((await counts())["/privacy"]!.views).toBe(before + 4);
  });

  it("counts nothing with PAGE_VIEW_COUNTING=false, kept pages and rendered ones alike", async () => {
    const before = await counts();
    const server = await start({ PAGE_VIEW_COUNTING: "false" });
    const hits: (string | null)[] = [];
    for (let i = 0; i < 3; i++) hits.push((await get(server, "/home")).headers.get("x-page-cache"));
    expect(hits).toContain("hit");
    // With a cookie (not hers) the page is rendered through the whole pipeline: a view when counting.
    const rendered = await get(server, "/privacy", { Cookie: "tema=chiaro" });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("x-page-cache")).toBeNull();
    // SIGTERM writes whatever was counted: nothing.
    expect(await server.stop()).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
