import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, type Page, test } from "../support/e2e-test";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { groupPaths, SETUP_PATH } from "~/features/site-content/editor-groups";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer } from "../support/app-server";
import { startSiteWithMail } from "../support/site-with-mail";
import type { TestSmtpServer } from "../support/smtp";
import {
  sampleArticle,
  sampleRecipe,
  seedArticles,
  seedBooking,
  seedNewsletterSubscribers,
  seedPhotos,
  seedRecipes,
  seedReviews,
} from "../support/factory";
import { saveScreenshot } from "../support/screenshots";

/*
 * A site with one of everything (a review, a recipe, an article, a subscriber, a booking, a
 * question): every public page and every screen of her panel is read, and none may say "1 "
 * before a plural ("1 iscritti confermati"). Her name at 320 px, and subscribing from an article.
 */

let server: AppServer;
let smtp: TestSmtpServer;
let publicPaths: string[];
let adminPaths: string[];
const NAME = "Dott.ssa Elena Marchetti";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = newDataDir("one-of-everything-", { admin: true });
  const photos = await seedPhotos(dataDir, 1);
  const [recipe] = await seedRecipes(dataDir, [sampleRecipe({ photoId: photos[0]!.id, slug: "insalata-di-farro" })]);
  await seedReviews(dataDir, [{ name: "Laura B.", rating: 5, content: "Percorso chiaro e piano facile da seguire." }]);
  const [article] = await seedArticles(dataDir, [
    sampleArticle({ status: "published", publishAt: new Date(Date.now() - 86_400_000) }),
  ]);
  const { managePath } = await seedBooking(dataDir);
  const contentFile = path.join(dataDir, "content.json");
  writeFileSync(contentFile, JSON.stringify({ practitioner: { name: NAME } }));
  // With e-mail: the newsletter's forms and her subscribers' counts show.
  ({ server, smtp } = await startSiteWithMail(dataDir, { SITE_CONTENT_FILE: contentFile }));
  // Written with the first version of the content, at the first start: one question left of the example's four.
  const database = await openSiteDatabase({ dataDir });
  try {
    await seedNewsletterSubscribers(database.db, 1);
    await database.db.execute(
      sql`delete from faq_questions where id not in (select id from faq_questions order by position limit 1)`,
    );
  } finally {
    await database.close();
  }
  publicPaths = [
    "/home",
    "/services",
    "/reviews",
    "/privacy",
    "/prenota",
    managePath,
    "/ricette",
    "/ricette/insalata-di-farro",
    "/studi/studio-di-milano",
    "/articoli",
    `/articoli/${article!.slug}`,
    "/domande-frequenti",
    "/newsletter",
  ];
  adminPaths = [
    "/admin",
    "/admin/agenda",
    "/admin/prenotazioni",
    "/admin/ricette",
    `/admin/ricette/${recipe!.id}`,
    "/admin/inviti",
    "/admin/risposte",
    "/admin/segnalazioni",
    "/admin/contenuti",
    ...new Set(Object.values(groupPaths)),
    ...["chi-sei", "studi", "orari", "contatti", "ritratto", "testi", "servizi", "fine"].map(
      (step) => `${SETUP_PATH}/${step}`,
    ),
    "/admin/statistiche",
    "/admin/articoli",
    `/admin/articoli/${article!.id}`,
    "/admin/domande",
    "/admin/newsletter",
    "/admin/backup",
    "/admin/account",
    "/admin/pubblica",
  ];
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** The site's nouns in the plural: after a lone "1" each is a slip. */
const PLURALS = [
  "iscritti",
  "iscrizioni",
  "ricette",
  "articoli",
  "recensioni",
  "risposte",
  "segnalazioni",
  "inviti",
  "visite",
  "prenotazioni",
  "appuntamenti",
  "richieste",
  "ore",
  "minuti",
  "giorni",
  "settimane",
  "mesi",
  "anni",
  "pazienti",
  "persone",
  "domande",
  "gruppi",
  "studi",
  "servizi",
  "dati",
  "esempi",
  "versioni",
  "immagini",
  "copie",
  "visitatori",
  "pagine",
  "visualizzazioni",
  "posti",
  "volte",
  "stelle",
  "voti",
  "caratteri",
  "parole",
  "calendari",
  "elementi",
  "cose",
];
const SLIP = new RegExp(`(?<![\\d.,:/])1\\s+(${PLURALS.join("|")})\\b`, "giu");

/** Every "1 <plural>" the page shows, with a few words around it. */
async function slips(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(SLIP)].map((m) => text.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\s+/g, " "));
}

test("no page says '1' before a plural, public or hers", async ({ page }) => {
  const found: string[] = [];
  for (const pagePath of publicPaths) {
    const response = await page.goto(`${server.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    for (const slip of await slips(page)) found.push(`${pagePath}: …${slip}…`);
  }
  await signInAsAdmin(page, server);
  for (const pagePath of adminPaths) {
    const response = await page.goto(`${server.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    // The notices behind "Mostra" count too.
    for (const summary of await page.locator("details:not([open]) > summary").all())
      if (await summary.isVisible()) await summary.click();
    for (const slip of await slips(page)) found.push(`${pagePath}: …${slip}…`);
  }
  expect(found).toEqual([]);
});

test("at 320 px the header shows her whole name", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${server.url}/home`);
  const name = page.locator(".site-header .brand__name");
  await expect(name).toHaveText(NAME);
  // Nothing of it hidden: no ellipsis, no line cut by the header.
  const cut = await name.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = el.closest("header")!.getBoundingClientRect();
    return {
      clipped: el.scrollWidth > el.clientWidth + 0.5,
      outside: box.bottom > header.bottom || box.top < header.top,
    };
  });
  expect(cut).toEqual({ clipped: false, outside: false });
  await saveScreenshot(page, "header-name-320");
});

for (const javaScriptEnabled of [true, false])
  test(`subscribing from an article keeps the reader on it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const articleUrl = `${server.url}${publicPaths.find((p) => p.startsWith("/articoli/"))}`;
    await page.goto(articleUrl);
    const form = page.locator("#newsletter-article");
    await form.getByLabel("Il tuo indirizzo e-mail").fill(`lettore-${javaScriptEnabled ? "js" : "html"}@esempio.it`);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Iscriviti" }).click();
    await expect(form.getByRole("status")).toContainText("Ti abbiamo inviato un'e-mail");
    expect(page.url().split("#")[0]).toBe(articleUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Colazione equilibrata" })).toBeVisible();
    await context.close();
  });

/*
 * Italian writes headings, buttons and links in sentence case ("I miei servizi", not "I Miei
 * Servizi"): only the first word and proper nouns take a capital. The names below are the site's
 * proper nouns (people, places, brands, titles, the law's terms), her own words (her name and
 * title, her studios' names and streets, a patient's name) and the days as the hours start each group
 * with them ("Lun–Ven 9:00–19:00, Sab 9:00–13:00"); a word in capitals (IVA, FAQ) is an acronym, and each line,
 * quotation («…») or sentence starts with its own capital.
 */
const PROPER_NOUNS = new Set([
  ...NAME.split(" "),
  ...["Biologa", "Nutrizionista", "Studio", "Via", "Giuseppe", "Verdi", "Corso", "Garibaldi"],
  ...["Dott.", "Dr.", "Giulia", "Ferrari", "Milano", "Monza", "Lombardia", "Italia"],
  ...["Google", "MioDottore", "WhatsApp", "Instagram", "Facebook", "Apple", "Outlook", "Telegram", "Atom"],
  ...["Laura", "Lun", "Mar", "Mer", "Gio", "Ven", "Sab", "Dom"],
  ...["Partita", "Ordine", "Biologi", "Garante", "Chrome", "Windows", "Firefox", "Safari", "Android", "Node"],
]);

/** The words after the first of a line of a heading, button or link that take a capital they should not. */
function capitalsAfterFirst(line: string): string[] {
  const wrong: string[] = [];
  for (const part of line.split(/[.!?:]\s+|[«»"“”()–]/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    for (const word of words.slice(1)) {
      const bare = word.replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, "");
      const stem = bare.replace(/\.$/, "");
      if (!/^\p{Lu}/u.test(stem)) continue;
      // An acronym (IVA, FAQ, CSV) or a proper noun.
      if (stem === stem.toUpperCase() || PROPER_NOUNS.has(bare) || PROPER_NOUNS.has(stem)) continue;
      wrong.push(word);
    }
  }
  return wrong;
}

/** The lines of the page's visible headings, buttons and links that have a capital they should not. */
async function titleCased(page: Page): Promise<string[]> {
  const lines = await page
    .locator("h1, h2, h3, h4, button, a, [role=button], [role=tab], legend, summary")
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.getClientRects().length > 0)
        .flatMap((el) => (el as HTMLElement).innerText.split("\n"))
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean),
    );
  return [...new Set(lines)].filter((line) => capitalsAfterFirst(line).length > 0);
}

test("headings, buttons and links are in sentence case, public or hers", async ({ page }) => {
  const found: string[] = [];
  for (const pagePath of [...publicPaths, "/", "/non-esiste", "/admin-login"]) {
    await page.goto(`${server.url}${pagePath}`);
    for (const line of await titleCased(page)) found.push(`${pagePath}: ${line}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/services`);
  await saveScreenshot(page, "services-sentence-case-390");
  await signInAsAdmin(page, server);
  for (const pagePath of [...adminPaths, "/admin/stato"]) {
    const response = await page.goto(`${server.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    for (const line of await titleCased(page)) found.push(`${pagePath}: ${line}`);
  }
  expect(found).toEqual([]);
});
