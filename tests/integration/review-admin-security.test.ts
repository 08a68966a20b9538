import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createReportRepository } from "~/features/reviews/review-reports.server";
import { createReviewRepository } from "~/features/reviews/reviews.server";
import { ADMIN } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";

/** The invitation, reply and report screens refuse everything without an administrator session. */
describe("review admin screens over HTTP", () => {
  let server: AppServer;
  let reviewId: string;

  beforeAll(async () => {
    const dataDir = newDataDir("review-admin-security-", { admin: true });
    const database = await openSiteDatabase({ dataDir });
    try {
      const review = await createReviewRepository(database.db).add({ name: "Segnalata", content: "Testo", rating: 2 });
      await createReportRepository(database.db).add({ reviewId: review.id, reason: "offensive" });
      reviewId = review.id;
    } finally {
      await database.close();
    }
    server = await startAppServer({ DATA_DIR: dataDir }, 60_000);
  });
  afterAll(() => server?.stop());

  const post = (pathname: string, fields: Record<string, string>, cookie?: string) =>
    fetch(server.url + pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  const writes = (): { path: string; fields: Record<string, string> }[] => [
    { path: "/admin/inviti", fields: { intent: "create", patientName: "Intruso" } },
    { path: "/admin/inviti", fields: { intent: "revoke", id: reviewId } },
    // Every action of a review card (the panel, "Risposte" and "Segnalazioni" post them here).
    { path: "/admin/recensioni", fields: { intent: "reply-save", reviewId, content: "Risposta falsa" } },
    { path: "/admin/recensioni", fields: { intent: "reply-remove", reviewId } },
    { path: "/admin/recensioni", fields: { intent: "hide-reported", id: reviewId } },
    { path: "/admin/recensioni", fields: { intent: "dismiss-reports", id: reviewId } },
    { path: "/admin/recensioni", fields: { intent: "review-status", id: reviewId, status: "hidden" } },
    { path: "/admin/recensioni", fields: { intent: "delete-review", id: reviewId } },
  ];

  it("pages lead to the login and their data leaks nothing without a session", async () => {
    for (const pathname of ["/admin/inviti", "/admin/risposte", "/admin/segnalazioni"]) {
      const page = await fetch(server.url + pathname, { redirect: "manual" });
      expect(page.status, pathname).toBe(302);
      expect(page.headers.get("location")).toMatch(/\/admin-login$/);
      const dataRequest = await fetch(`${server.url}${pathname}.data`, { redirect: "manual" });
      const body = await dataRequest.text();
      expect(body).toContain("/admin-login");
      expect(body).not.toContain("Segnalata");
    }
  });

  it("every action is refused without a session, with a forged cookie, and changes nothing", async () => {
    for (const cookie of [undefined, "admin_session=forged-session-id"]) {
      for (const write of writes()) {
        for (const pathname of [write.path, `${write.path}.data`]) {
          const response = await post(pathname, write.fields, cookie);
          expect(response.status, `${cookie ?? "no cookie"}: POST ${pathname} ${write.fields.intent}`).toBe(401);
        }
      }
    }
    // Signed in, everything is as before: the review published, its report open, no reply, no invitation.
    const login = await post("/admin-login", ADMIN);
    const session = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session="))!
      .split(";")[0]!;
    const reports = await (await fetch(`${server.url}/admin/segnalazioni`, { headers: { Cookie: session } })).text();
    expect(reports).toContain("Segnalata");
    expect(reports).toContain("1 segnalazione");
    const invitations = await (await fetch(`${server.url}/admin/inviti`, { headers: { Cookie: session } })).text();
    expect(invitations).toContain("Nessun invito creato finora.");
    const publicPage = await (await fetch(`${server.url}/reviews`)).text();
    expect(publicPage).toContain("Segnalata");
    expect(publicPage).not.toContain("Risposta falsa");

    // The same requests with the session do work, so the refusals above are real
    // (a plain form post is answered with a redirect and a toast; the new invitation is shown at once).
    const card = { page: "/admin/segnalazioni" };
    expect(
      (await post("/admin/recensioni", { ...card, intent: "reply-save", reviewId, content: "Grazie" }, session)).status,
    ).toBe(303);
    expect(
      (await post("/admin/recensioni", { ...card, intent: "dismiss-reports", id: reviewId }, session)).status,
    ).toBe(303);
    expect((await post("/admin/inviti", { intent: "create" }, session)).status).toBe(200);
    expect(await (await fetch(`${server.url}/reviews`)).text()).toContain("Grazie");
  });

  it("a write from a foreign Origin is refused even with a session", async () => {
    const login = await post("/admin-login", ADMIN);
    const session = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_session="))!
      .split(";")[0]!;
    const response = await fetch(`${server.url}/admin/inviti`, {
      method: "POST",
      body: new URLSearchParams({ intent: "create" }),
      headers: { Origin: "https://evil.example", Cookie: session },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });
});
