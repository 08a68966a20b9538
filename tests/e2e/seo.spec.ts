import { expect, test, type Page } from "../support/e2e-test";
import { startAppServer, type AppServer } from "../support/app-server";

const SITE_URL = "https://www.studio-esempio.it";
const publicPages = ["/", "/home", "/services", "/privacy"];

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (key: string) =>
      document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;
    return {
      title: document.title,
      description: meta("description"),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      robots: meta("robots"),
      ogTitle: meta("og:title"),
      ogDescription: meta("og:description"),
      ogUrl: meta("og:url"),
      ogImage: meta("og:image"),
      ogLocale: meta("og:locale"),
      twitterCard: meta("twitter:card"),
      twitterImage: meta("twitter:image"),
    };
  });
}

test.describe("search engines and sharing", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer({ SITE_URL });
  });
  test.afterAll(() => server?.stop());

  test("every public page has its own Italian title and description, a canonical URL from SITE_URL and share cards", async ({
    page,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicPages) {
      await page.goto(`${server.url}${path}`);
      const h = await head(page);
      expect(h.title, path).toContain("Giulia Ferrari");
      expect(h.description?.length, path).toBeGreaterThan(50);
      titles.add(h.title);
      descriptions.add(h.description!);
      expect(h.canonical).toBe(`${SITE_URL}${path}`);
      expect(h.ogUrl).toBe(`${SITE_URL}${path}`);
      expect(h.ogTitle).toBe(h.title);
      expect(h.ogDescription).toBe(h.description);
      expect(h.ogLocale).toBe("it_IT");
      expect(h.ogImage).toBe(`${SITE_URL}/og-image.png`);
      expect(h.twitterCard).toBe("summary_large_image");
      expect(h.twitterImage).toBe(`${SITE_URL}/og-image.png`);
      expect(h.robots).toBeNull();
    }
    expect(titles.size).toBe(publicPages.length);
    expect(descriptions.size).toBe(publicPages.length);
  });

  test("the share image is served", async ({ request }) => {
    const response = await request.get(`${server.url}/og-image.png`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });

  test("describes the practice as structured data: both studios, hours, phone, practitioner", async ({ page }) => {
    for (const path of ["/", "/home"]) {
      await page.goto(`${server.url}${path}`);
      const json = await page.locator('script[type="application/ld+json"]').textContent();
      const data = JSON.parse(json!);
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@type"]).toBe("MedicalBusiness");
      expect(data.url).toBe(`${SITE_URL}/home`);
      expect(data.telephone).toBe("+393472184590");
      expect(data.vatID).toBe("IT07184320153");
      expect(data.address.map((a: { addressLocality: string }) => a.addressLocality)).toEqual(["Milano", "Monza"]);
      // Each studio its own hours (the default content gives both the same week).
      expect(data.location.map((place: { name: string }) => place.name)).toEqual([
        "Studio di Milano",
        "Studio di Monza",
      ]);
      for (const place of data.location)
        expect(place.openingHoursSpecification).toEqual([
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "09:00",
            closes: "19:00",
          },
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "13:00" },
        ]);
      expect(data.employee).toMatchObject({ "@type": "Person", jobTitle: "Biologa Nutrizionista" });
    }
  });

  test("sitemap.xml lists the public pages and no admin page", async ({ request }) => {
    const response = await request.get(`${server.url}/sitemap.xml`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        "/",
        "/home",
        "/services",
        "/reviews",
        "/privacy",
        "/studi/studio-di-milano",
        "/studi/studio-di-monza",
        // A first start's example questions.
        "/domande-frequenti",
      ].map((p) => `${SITE_URL}${p}`),
    );
    expect(xml).not.toContain("admin");
  });

  test("robots.txt keeps crawlers out of the admin area and points to the sitemap", async ({ request }) => {
    const response = await request.get(`${server.url}/robots.txt`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  test("unknown addresses answer 404 with noindex and a way back", async ({ page }) => {
    const response = await page.goto(`${server.url}/non-esiste/affatto`);
    expect(response?.status()).toBe(404);
    const h = await head(page);
    expect(h.robots).toBe("noindex, nofollow");
    expect(h.canonical).toBeNull();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina non trovata");
    await page.getByRole("link", { name: "Torna alla home" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("Italian legal duties", () => {
  test("every page's footer shows the title, register entry and Partita IVA, and links the privacy notice", async ({
    page,
  }) => {
    for (const path of ["/", "/home", "/services", "/privacy", "/non-esiste"]) {
      await page.goto(path);
      const footer = page.locator("footer.site-footer");
      await expect(footer, path).toContainText(
        "Biologa Nutrizionista · Ordine dei Biologi della Lombardia, iscrizione n. AA_084512",
      );
      await expect(footer, path).toContainText("P.IVA 07184320153");
      await expect(footer.getByRole("link", { name: "Privacy e cookie" }), path).toHaveAttribute("href", "/privacy");
    }
  });

  test("the privacy notice covers controller, data, purposes, legal bases, retention, rights, complaint and cookies", async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Informativa sulla privacy e sui cookie");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "1. Titolare del trattamento",
      "2. Quali dati tratto",
      "3. Finalità e basi giuridiche",
      "4. Per quanto tempo conservo i dati",
      "5. A chi sono comunicati i dati",
      "6. I tuoi diritti",
      "7. Cookie",
    ]);
    const text = page.locator("article");
    await expect(text).toContainText("P.IVA 07184320153");
    await expect(text).toContainText("Recensioni");
    await expect(text).toContainText("art. 9, par. 2, lett. a GDPR");
    await expect(text).toContainText("articoli 15–22");
    // The notice names the real cookies the site sets.
    await expect(text).toContainText("admin_session");
    await expect(text).toContainText("flash");
    await expect(text).toContainText("non viene mostrato alcun banner");
    await expect(text.getByRole("link", { name: /Garante per la protezione dei dati personali/ })).toHaveAttribute(
      "href",
      "https://www.garanteprivacy.it/",
    );
    await expect(text.getByRole("link", { name: "info@giuliaferrari-nutrizionista.it" }).first()).toHaveAttribute(
      "href",
      "mailto:info@giuliaferrari-nutrizionista.it",
    );
  });

  test("no cookie is set for a visitor and no banner is shown", async ({ page, context }) => {
    for (const path of ["/", "/home", "/services", "/privacy"]) await page.goto(path);
    expect(await context.cookies()).toEqual([]);
    await expect(page.getByText(/accetta/i)).toHaveCount(0);
  });
});
