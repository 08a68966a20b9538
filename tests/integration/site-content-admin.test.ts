import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";

/** Every write of the content editor, as a browser would send it (same origin, no session cookie). */
const writes: { path: string; body: () => Promise<FormData | URLSearchParams> }[] = [
  {
    path: "/admin/contenuti/pratica",
    body: async () =>
      new URLSearchParams({ version: "1", "business.vatNumber": "01234567897", "practitioner.name": "Intruso" }),
  },
  {
    path: "/admin/contenuti/studi",
    body: async () => new URLSearchParams({ version: "1", "studios[0].name": "Intruso" }),
  },
  { path: "/admin/contenuti/orari", body: async () => new URLSearchParams({ version: "1", "hours[0].closed": "on" }) },
  {
    path: "/admin/contenuti/testi",
    body: async () => new URLSearchParams({ version: "1", "texts.heroTitle": "Intruso" }),
  },
  {
    path: "/admin/contenuti/servizi",
    body: async () => new URLSearchParams({ version: "1", "services[0].title": "Intruso" }),
  },
  { path: "/admin/contenuti/ritratto", body: async () => new URLSearchParams({ version: "1", intent: "remove" }) },
  {
    path: "/admin/contenuti/ritratto",
    body: async () => {
      const form = new FormData();
      form.set("version", "1");
      form.set("image", new Blob([new Uint8Array(await jpeg(400, 500))], { type: "image/jpeg" }), "intruso.jpg");
      return form;
    },
  },
  { path: "/admin/contenuti/versioni/1", body: async () => new URLSearchParams({ version: "1", restore: "1" }) },
];

describe("content editor without a session", () => {
  let server: AppServer;

  beforeAll(async () => {
    // Not about a first start: a copy of the migrated cluster, without initdb and the migrations.
    server = await startAppServer({ DATA_DIR: newDataDir("site-content-admin-", { migrated: true }) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(writes.map((w, i) => [w.path, i] as const))(
    "refuses a write to %s and changes nothing",
    async (pathname, i) => {
      const write = writes[i]!;
      const headers = { Origin: server.url };
      const asData = await fetch(`${server.url}${pathname}`, {
        method: "POST",
        body: await write.body(),
        headers,
        redirect: "manual",
      });
      expect(asData.status).toBe(401);
      // A form posted by the browser itself (fetch cannot set Sec-Fetch-Mode, http can).
      const asPage = await postAsPage(
        `${server.url}${pathname}`,
        new URLSearchParams({ version: "1", "texts.heroTitle": "Intruso" }),
      );
      expect(asPage.status).toBe(302);
      expect(asPage.location).toBe("/admin-login");
      const home = await (await fetch(`${server.url}/home`)).text();
      expect(home).not.toContain("Intruso");
    },
  );

  it("keeps the editor's pages and version list private", async () => {
    for (const pathname of ["/admin/contenuti", "/admin/contenuti/pratica", "/admin/contenuti/ritratto"]) {
      const response = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      expect(response.status, pathname).toBe(302);
      expect(response.headers.get("location")).toBe("/admin-login");
    }
  });
});

function postAsPage(url: string, body: URLSearchParams): Promise<{ status: number; location?: string }> {
  const { origin } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          Origin: origin,
          "Sec-Fetch-Mode": "navigate",
          "Content-Type": "application/x-www-form-urlencoded",
        },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    request.on("error", reject);
    request.end(body.toString());
  });
}
