import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { routePatterns } from "../tests/support/route-patterns";
import { loggedUrl, TOKEN_ROUTES } from "./routes-with-tokens";

/** Dynamic segments that are public names or ids, guarded by the session where they are the admin's. */
const PUBLIC_DYNAMIC_ROUTES = [
  "reviews/:id/segnala",
  "ricette/:slug",
  "studi/:slug",
  "articoli/:slug",
  "admin/contenuti/versioni/:numero",
  "admin/ricette/:id",
  "admin/articoli/:id",
  "admin/articoli/:id/ripristina",
  "admin/domande/:id",
  "admin/configurazione/:passo?",
  "*",
];

const SECRET = "S3cr3tT0k3n_abcdefghijklmnopqrstuvwxyz";

describe("routes whose address is a secret", () => {
  const dynamic = routePatterns(routes).filter((pattern) => /(^|\/)(:|\*)/.test(pattern));

  it("every dynamic route is either a token route or a known public id", () => {
    const unknown = dynamic.filter(
      (pattern) => !(TOKEN_ROUTES as readonly string[]).includes(pattern) && !PUBLIC_DYNAMIC_ROUTES.includes(pattern),
    );
    expect(unknown, "add it to TOKEN_ROUTES (app/routes-with-tokens.ts) if its address is a key").toEqual([]);
    for (const pattern of TOKEN_ROUTES) expect(dynamic).toContain(pattern);
  });

  it.each(TOKEN_ROUTES)("never logs the token of %s, as a page, as data or with a query", (pattern) => {
    const address = `/${pattern.replace(/:[a-z]+/g, SECRET)}`;
    for (const url of [address, `${address}.ics`, `${address}.data`, `${address}?cambia=1`, `${address}/x`]) {
      const logged = loggedUrl(url);
      expect(logged).toBeDefined();
      expect(logged).not.toContain(SECRET);
    }
  });
});
