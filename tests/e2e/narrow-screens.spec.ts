import { expect, type Page, test } from "../support/e2e-test";
import { groupPaths, SETUP_PATH } from "~/features/site-content/editor-groups";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, type AppServer, startAppServer } from "../support/app-server";
import { sampleRecipe, seedBooking, seedPhotos, seedRecipes, seedReviews } from "../support/factory";

// The layout holds from the smallest phone (320 px) to a wide screen on the screens added with
// booking, recipes and the practitioner's panel: nothing makes the page scroll sideways. The site's
// first pages are checked the same way in accessibility.spec.ts.

const widths = [320, 1920];

let server: AppServer;
let publicPaths: string[];
let adminPaths: string[];

test.beforeAll(async () => {
  const dataDir = newDataDir("narrow-e2e-", { admin: true });
  const photos = await seedPhotos(dataDir, 3);
  const [recipe] = await seedRecipes(dataDir, [sampleRecipe({ photoId: photos[0]!.id, slug: "insalata-di-farro" })]);
  await seedReviews(dataDir, [{ name: "Laura B.", rating: 5, content: "Percorso chiaro e piano facile da seguire." }]);
  // Booking on, one visit booked: /prenota's steps, her link's page and the agenda have content.
  const { managePath, visitTypeId } = await seedBooking(dataDir);
  server = await startAppServer({ DATA_DIR: dataDir });
  publicPaths = [
    "/reviews",
    "/prenota",
    `/prenota?sede=studio-di-milano&visita=${visitTypeId}`,
    managePath,
    "/ricette",
    "/ricette/insalata-di-farro",
    "/domande-frequenti",
    "/newsletter",
    "/admin-login",
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
    // The first-run setup's steps.
    ...["chi-sei", "studi", "orari", "contatti", "ritratto", "testi", "servizi", "fine"].map(
      (step) => `${SETUP_PATH}/${step}`,
    ),
    "/admin/statistiche",
    "/admin/articoli",
    "/admin/domande",
    "/admin/newsletter",
    "/admin/backup",
    "/admin/account",
  ];
});
test.afterAll(() => server?.stop());

/** What sticks out on the right of the viewport, by element, when the page scrolls sideways. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return [`${root.scrollWidth - root.clientWidth} px too wide`, ...culprits];
  });
}

/** Each page opened once at the narrowest width, then laid out again at the others. */
async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const pagePath of paths) {
    await page.setViewportSize({ width: widths[0]!, height: 700 });
    const response = await page.goto(`${server.url}${pagePath}`);
    expect(response?.status(), pagePath).toBe(200);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 700 });
      expect(await sideways(page), `${pagePath} at ${width} px`).toEqual([]);
    }
  }
}

test("booking, recipes and reviews hold at 320 px and 1920 px: no page scrolls sideways", async ({ page }) => {
  await expectNoSidewaysScroll(page, publicPaths);
});

test("every screen of her panel holds at 320 px and 1920 px: none scrolls sideways", async ({ page }) => {
  // Over 40 screens at two widths (the first-run setup's eight among them), on a shared machine.
  test.setTimeout(180_000);
  await signInAsAdmin(page, server);
  await expectNoSidewaysScroll(page, adminPaths);
  // Still signed in at the end: the screens above were hers, not the login page.
  await expect(page).toHaveURL(`${server.url}/admin/account`);
});

/**
 * The controls of a page that stand past its left or right edge, where she cannot see them (a row of
 * tabs scrolling sideways inside the page hides them without making the page scroll). What is in a
 * closed disclosure is reached from its summary, itself a control checked here.
 */
async function controlsOffTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary",
    );
    return [...controls]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Not laid out (a closed disclosure's content, a screen size's other menu), or visually hidden
        // for screen readers; the skip link waits above the page for the keyboard's focus.
        if (box.width <= 1 || box.height <= 1 || el.classList.contains("skip-link")) return false;
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
  });
}

test("at 320 and 390 px every control of every screen of her panel is on screen or behind one that is", async ({
  page,
}) => {
  // Thirty pages opened: more than a test's usual minute on a busy machine.
  test.setTimeout(180_000);
  await signInAsAdmin(page, server);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const pagePath of adminPaths) {
      await page.goto(`${server.url}${pagePath}`);
      expect(await controlsOffTheEdge(page), `${pagePath} at ${width} px`).toEqual([]);
    }
  }
});

test.describe("her panel on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("one menu: the panel's, holding the booking settings and the site's own links", async ({ page }) => {
    await signInAsAdmin(page, server);
    // The site's menu button is not there in the panel: its links are in the panel's menu.
    await expect(page.locator(".site-header .menu-toggle")).toBeHidden();
    const menu = page.locator(".admin-menu");
    await menu.getByText("Menu", { exact: false }).first().click();
    const panel = menu.getByRole("navigation", { name: "Sezioni del pannello" });
    await panel.getByRole("link", { name: "Impostazioni delle prenotazioni" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/prenotazioni`);
    await expect(page.locator(".admin-menu__button")).toContainText("Impostazioni delle prenotazioni");
    await menu.locator("summary").click();
    const site = menu.getByRole("navigation", { name: "Il sito" });
    await expect(site.getByRole("link", { name: "Prenota" })).toBeVisible();
    await site.getByRole("link", { name: "Servizi" }).click();
    await expect(page).toHaveURL(`${server.url}/home#servizi`);
    // Out of the panel, the site's own menu is back.
    await expect(page.locator(".site-header .menu-toggle")).toBeVisible();
  });

  test("the notice shown on every screen takes one line, its explanation behind a tap", async ({ page }) => {
    await signInAsAdmin(page, server);
    // This server has no SITE_URL.
    const notice = page.locator(".admin-address-notice");
    const title = notice.locator("summary");
    await expect(title).toHaveText("Indirizzo del sito non impostato");
    const text = notice.getByText(/i link negli inviti e nelle e-mail puntano a http:\/\/localhost:/);
    await expect(text).toBeHidden();
    expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(64);
    await title.click();
    await expect(text).toBeVisible();
  });

  test("a toast sits clear of the panel's menu and lets a tap through", async ({ browser }) => {
    // Without scripts the server's toast stays on the page: its place can be measured at leisure.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await signInAsAdmin(page, server);
    await page.goto(`${server.url}/admin/contenuti/testi`);
    await page.getByRole("button", { name: "Salva e pubblica" }).click();
    // Published, or nothing to publish: either is said by a toast.
    const toast = page.getByTestId("toast").filter({ hasText: /Modifiche pubblicate|Nessuna modifica da pubblicare/ });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const button = (await page.locator(".admin-menu__button").boundingBox())!;
    expect(box.y, "below the menu button").toBeGreaterThan(button.y + button.height);
    expect(box.y + box.height, "on screen").toBeLessThanOrEqual(844);
    expect(await toast.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe("none");
  });
});
