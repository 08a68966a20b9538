import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { hashSessionToken } from "~/features/account/sessions.server";
import { openDatabase, type Database } from "~/core/db/database.server";
import { adminSessions } from "~/features/account/schema";
import { freePort } from "../support/app-server";
import { createPostgresDatabase } from "../support/test-databases";

const root = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "admin@studio.test", password: "password-amministratore-1" };

/**
 * Each documented TRUST_PROXY form, through the production server: which address
 * the server takes for the client, and whether a request that reached the proxy
 * over HTTPS gets HSTS and a Secure session cookie. The requests come from
 * 127.0.0.1 with "X-Forwarded-For: 203.0.113.9, 10.0.0.2" (a client, then an inner proxy).
 */
describe("TRUST_PROXY forms (PostgreSQL)", () => {
  let databaseUrl: string;
  let database: Database;
  let startServer: typeof import("../../server/app").startServer;
  let serverBuild: typeof import("../../server/app").serverBuild;

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase({ migrated: true });
    database = await openDatabase({ url: databaseUrl });
    await createAdminAccounts(database.db).setPassword(ADMIN.email, ADMIN.password);
    // The production bundle (built by npm test before vitest runs).
    ({ startServer, serverBuild } = await import(path.join(root, "build/server/index.js")));
  });
  afterAll(() => database?.close());

  /** `believedScheme`: what the server should take the request's scheme to be (the Origin is sent to match). */
  async function signInThrough(trustProxy: string | undefined, believedScheme: "http" | "https") {
    const port = await freePort();
    const site = `${believedScheme}://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: site,
      LOG_LEVEL: "silent",
      // The proxy here is the test itself, not the HTTPS front `npm start` would run.
      TLS: "off",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "trust-proxy-")),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    };
    const running = await startServer(serverBuild, env);
    try {
      const response = await fetch(`${running.url}/admin-login`, {
        method: "POST",
        body: new URLSearchParams(ADMIN),
        redirect: "manual",
        headers: {
          Origin: site,
          "X-Forwarded-For": "203.0.113.9, 10.0.0.2",
          "X-Forwarded-Proto": "https",
          Connection: "close",
        },
      });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
      const token = cookie.split(";")[0]!.slice("admin_session=".length);
      const [session] = await database.db
        .select({ ip: adminSessions.ip })
        .from(adminSessions)
        .where(eq(adminSessions.idHash, hashSessionToken(token)));
      return {
        clientIp: session!.ip,
        secureCookie: /; Secure/.test(cookie),
        hsts: response.headers.has("strict-transport-security"),
      };
    } finally {
      await running.close();
    }
  }

  it("gives a kept page HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    const port = await freePort();
    const running = await startServer(serverBuild, {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      // The proxy here is the test itself, not the HTTPS front `npm start` would run.
      TLS: "off",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "trust-proxy-")),
      TRUST_PROXY: "loopback",
    });
    try {
      const hsts = async (proto?: string) => {
        const response = await fetch(`${running.url}/home`, { headers: proto ? { "X-Forwarded-Proto": proto } : {} });
        expect(response.headers.get("x-page-cache")).toBe("hit");
        return response.headers.get("strict-transport-security");
      };
      // The first renders it (the whole pipeline); the others are answered before the pipeline.
      expect(await hsts("https")).toBe("max-age=31536000; includeSubDomains");
      expect(await hsts("https")).toBe("max-age=31536000; includeSubDomains");
      expect(await hsts("http")).toBeNull();
      expect(await hsts()).toBeNull();
    } finally {
      await running.close();
    }
  });

  const direct = { clientIp: "127.0.0.1", secureCookie: false, hsts: false };
  const viaHttps = (clientIp: string) => ({ clientIp, secureCookie: true, hsts: true });

  it.each([
    ["unset", undefined, direct],
    ["false", "false", direct],
    ["0 (no hops)", "0", direct],
    ["1 (one hop: the proxy in front)", "1", viaHttps("10.0.0.2")],
    ["2 (two hops)", "2", viaHttps("203.0.113.9")],
    ["true (every hop)", "true", viaHttps("203.0.113.9")],
    ["loopback", "loopback", viaHttps("10.0.0.2")],
    ["an address list with CIDR blocks", "127.0.0.1/8, 10.0.0.0/8", viaHttps("203.0.113.9")],
    ["uniquelocal (the loopback proxy is not in it)", "uniquelocal", direct],
    ["linklocal (the loopback proxy is not in it)", "linklocal", direct],
  ])("TRUST_PROXY %s", async (_name, value, expected) => {
    expect(await signInThrough(value, expected.secureCookie ? "https" : "http")).toEqual(expected);
  });
});
