// Hostile or broken requests get a clear Italian refusal with the right status, never a server error
// or the router's English internals; and the anti-spam and flash defences cannot be scripted around.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCreate } from "../support/admin";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { fillTimeToken } from "../support/reviews";

const ADMIN = { email: "admin@studio.test", password: "password-amministratore-1" };

describe("malformed and hostile requests", () => {
  let server: AppServer;
  let cookie: string;

  const post = (pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(server.url + pathname, {
      method: "POST",
      body,
      headers: { Origin: server.url, Cookie: cookie, ...headers },
      redirect: "manual",
    });

  beforeAll(async () => {
    const dataDir = newDataDir("malformed-", { migrated: true });
    const created = adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email, "--new"], ADMIN.password);
    expect(created.code, created.stderr).toBe(0);
    server = await startAppServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
    const login = await fetch(`${server.url}/admin-login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.startsWith("admin_session="))
      .join("; ");
  });
  afterAll(() => server?.stop());

  const adminActions = ["/admin/foto", "/admin/recensioni", "/admin/account"];
  const italian = /Richiesta non valida|troppo grande|Operazione non consentita/;

  it.each(adminActions.flatMap((p) => [p, `${p}.data`]))(
    "%s refuses a 20 KB form, JSON, plain text and a DELETE with 413 / 400 / 405 and an Italian message",
    async (pathname) => {
      const big = await post(pathname, `intent=retitle&title=${"x".repeat(20 * 1024)}`, {
        "Content-Type": "application/x-www-form-urlencoded",
      });
      expect(big.status).toBe(413);
      expect(await big.text()).toMatch(italian);

      const json = await post(pathname, JSON.stringify({ intent: "move", id: "x" }), {
        "Content-Type": "application/json",
      });
      expect(json.status).toBe(400);
      expect(await json.text()).toMatch(italian);

      const text = await post(pathname, "intent=delete-photo", { "Content-Type": "text/plain" });
      expect(text.status).toBe(400);
      expect(await text.text()).toMatch(italian);

      const removal = await fetch(server.url + pathname, {
        method: "DELETE",
        headers: { Origin: server.url, Cookie: cookie },
        redirect: "manual",
      });
      expect(removal.status).toBe(405);
      expect(await removal.text()).toMatch(italian);
    },
  );

  it("a 50 MB urlencoded review is refused as too large, without the photo-size message", async () => {
    const response = await post("/reviews", `name=Anna&content=${"x".repeat(50 * 1024 * 1024)}`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(413);
    const body = await response.text();
    expect(body).toContain("Il modulo inviato è troppo grande.");
    expect(body).not.toContain("L'immagine deve essere inferiore a 5MB");
  });

  it("a POST to a page without a form gets an Italian 405, not the router's note naming a route module", async () => {
    for (const pathname of ["/home.data", "/services.data"]) {
      const response = await post(pathname, "a=1", { "Content-Type": "application/x-www-form-urlencoded" });
      expect(response.status).toBe(405);
      const body = await response.text();
      expect(body).toContain("Operazione non consentita");
      expect(body).not.toMatch(/routes\/|did not provide an `action`/);
    }
  });

  it("a review with a start time the script wrote itself, or a honeypot of spaces, is dropped", async () => {
    const before = await (await fetch(`${server.url}/reviews`)).text();
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: "Bot", content: "Spam", rating: "5", consent: "on", ...fields }))
        form.set(k, v);
      return fetch(`${server.url}/reviews`, { method: "POST", body: form, redirect: "manual" });
    };
    const forged = await send({ name: "Bot falso", modulo_aperto: String(Date.now() - 60_000) });
    expect(forged.status).toBe(303);
    const spaces = await send({ name: "Bot spazi", modulo_aperto: await fillTimeToken(server.url), sito_web: "   " });
    expect(spaces.status).toBe(303);
    const after = await (await fetch(`${server.url}/reviews`)).text();
    expect(after).not.toContain("Bot falso");
    expect(after).not.toContain("Bot spazi");
    expect(before).not.toContain("Bot");
    // A person's review with the page's own token still goes through.
    const person = await send({ name: "Persona vera", modulo_aperto: await fillTimeToken(server.url) });
    expect(person.status).toBe(303);
    expect(await (await fetch(`${server.url}/reviews`)).text()).toContain("Persona vera");
  });

  it("the flash cookie is signed (a forged one shows nothing) and Secure over HTTPS", async () => {
    const logout = await fetch(`${server.url}/admin-logout`, {
      method: "POST",
      // Behind a TLS-terminating proxy (trusted: TRUST_PROXY=loopback), the page was https.
      headers: { Origin: server.url.replace("http:", "https:"), "X-Forwarded-Proto": "https" },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    const flash = logout.headers.getSetCookie().find((c) => c.startsWith("flash="));
    expect(flash).toMatch(/; Secure/i);
    const plain = await fetch(`${server.url}/admin-logout`, {
      method: "POST",
      headers: { Origin: server.url },
      redirect: "manual",
    });
    const plainFlash = plain.headers.getSetCookie().find((c) => c.startsWith("flash="))!;
    expect(plainFlash).not.toMatch(/; Secure/i);
    // The genuine cookie shows its toast; the same message without the signature shows none.
    const genuine = await (
      await fetch(`${server.url}/home`, { headers: { Cookie: plainFlash.split(";")[0]! } })
    ).text();
    expect(genuine).toContain("Logout effettuato con successo");
    const forgedValue = Buffer.from(JSON.stringify({ kind: "error", message: "Il sito è in vendita" })).toString(
      "base64",
    );
    const forged = await (await fetch(`${server.url}/home`, { headers: { Cookie: `flash=${forgedValue}` } })).text();
    expect(forged).not.toContain("Il sito è in vendita");
  });
});
