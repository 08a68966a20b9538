// Every route of app/routes.ts, asked with every method and with odd values in each dynamic segment
// and query parameter (NUL, a byte that is no UTF-8, a line break, a 10 KB segment, a `.data` URL),
// anonymously and as the administrator: no answer is a server error, none is larger than a page,
// and nothing is logged as an error. Before, a NUL in a recipe's address and a bad id in the admin's
// recipe editor reached PostgreSQL, which refused them: 500s.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { adminSessionCookie } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { routePatterns } from "../support/route-patterns";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** The largest page the site serves is well under this. */
const MAX_ANSWER_BYTES = 200 * 1024;
const CONCURRENCY = 6;
const ODD_VALUES = [
  "x",
  "0b5e6a52-8f53-4d57-9a53-3a1f0f2c1e11",
  "not-a-uuid",
  "%00",
  "a%00b",
  "%FF",
  "%0D%0A",
  "%E2%80%AE",
  "x".repeat(10 * 1024),
];
const ODD_QUERY_VALUE = "%00%FF%0D%0Ax";
/** An odd body, refused as a whole before any action reads it, and a well-formed one that reaches the actions. */
const BODIES: [string, string] = [
  `intent=cancel&id=%00&nome=%FF&ora=${ODD_QUERY_VALUE}`,
  "intent=cancel&id=x&number=1&numero=1",
];
const appDir = path.resolve(import.meta.dirname, "../../app");

/** The query parameters the app reads, found in its sources (`params.get("voto")` and the like). */
function queryNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.includes(".test."))
        for (const match of readFileSync(full, "utf8").matchAll(/[pP]arams\.(?:get|getAll|has)\("([a-z_]+)"\)/g))
          names.add(match[1]!);
    }
  };
  walk(appDir);
  return [...names];
}

/** The addresses asked: each pattern with each odd value in its dynamic parts, as a page and as data, and with an odd query. */
function addresses(): string[] {
  const query = queryNames()
    .map((name) => `${name}=${ODD_QUERY_VALUE}`)
    .join("&");
  const all = new Set<string>();
  for (const pattern of routePatterns(routes)) {
    const dynamic = /(^|\/)(:[a-z]+|\*)/.test(pattern);
    for (const value of dynamic ? ODD_VALUES : [""]) {
      const pathname = `/${pattern.replace(/:[a-z]+|\*/g, value)}`;
      all.add(pathname);
      all.add(pathname === "/" ? "/_root.data" : `${pathname}.data`);
      if (value.length < 100) all.add(`${pathname}?${query}`);
    }
  }
  return [...all];
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

describe("every route, every method, odd parameters", () => {
  let server: AppServer;
  let smtp: TestSmtpServer;
  let cookie: string;

  beforeAll(async () => {
    // With e-mail configured: without it, the contact form and the password reset answer 503 on purpose.
    smtp = await startTestSmtpServer();
    const dataDir = newDataDir("request-fuzz-", { admin: true });
    server = await startAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "sito@studio.test" });
    cookie = await adminSessionCookie(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("derives the routes from app/routes.ts", () => {
    const found = routePatterns(routes);
    expect(found).toContain("prenota/gestisci/:token");
    expect(found).toContain("admin/contenuti/versioni/:numero");
    expect(found.length).toBeGreaterThan(40);
  });

  it.each([
    ["anonymously", false],
    ["as the administrator", true],
  ])(
    "answers %s without a server error or an oversized answer",
    async (_who, admin) => {
      const requests = addresses().flatMap((address) =>
        METHODS.flatMap(
          (method): Array<{ address: string; method: string; body: string }> =>
            // Signed in, the logout would end the session the rest of the run uses.
            admin && address.startsWith("/admin-logout") && method === "POST"
              ? []
              : method === "POST"
                ? BODIES.map((body) => ({ address, method, body }))
                : [{ address, method, body: BODIES[0] }],
        ),
      );
      const logged = server.output().length;
      const failures: string[] = [];
      await inBatches(requests, async ({ address, method, body }) => {
        const hasBody = !["GET", "HEAD", "OPTIONS"].includes(method);
        const response = await fetch(server.url + address, {
          method,
          headers: {
            Origin: server.url,
            ...(admin ? { Cookie: cookie } : {}),
            ...(hasBody ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body: hasBody ? body : undefined,
          redirect: "manual",
        });
        const size = (await response.arrayBuffer()).byteLength;
        const shown = address.length > 120 ? `${address.slice(0, 60)}…(${address.length})` : address;
        if (response.status >= 500) failures.push(`${method} ${shown}: ${response.status}`);
        if (size > MAX_ANSWER_BYTES) failures.push(`${method} ${shown}: ${size} bytes`);
      });
      expect(failures).toEqual([]);
      const errors = server
        .output()
        .slice(logged)
        .split("\n")
        .filter((line) => line.includes('"level":50'));
      expect(errors.map((line) => line.slice(0, 400))).toEqual([]);
      expect(requests.length).toBeGreaterThan(1000);
    },
    240_000,
  );
});
