import { expect, type Page, test } from "../support/e2e-test";
import { groupPaths } from "~/features/site-content/editor-groups";
import { ADMIN, adminCreate } from "../support/admin";
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
  const dataDir = newDataDir("narrow-e2e-");
  const photos = await seedPhotos(dataDir, 3);
  const [recipe] = await seedRecipes(dataDir, [sampleRecipe({ photoId: photos[0]!.id, slug: "insalata-di-farro" })]);
  await seedReviews(dataDir, [{ name: "Laura B.", rating: 5, content: "Percorso chiaro e piano facile da seguire." }]);
  // Booking on, one visit booked: /prenota's steps, her link's page and the agenda have content.
  const { managePath, visitTypeId } = await seedBooking(dataDir);
  expect(adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password).code).toBe(0);
  server = await startAppServer({ DATA_DIR: dataDir });
  publicPaths = [
    "/reviews",
    "/prenota",
    `/prenota?sede=studio-di-milano&visita=${visitTypeId}`,
    managePath,
    "/ricette",
    "/ricette/insalata-di-farro",
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
    ...Object.values(groupPaths),
    "/admin/statistiche",
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
  await signInAsAdmin(page, server);
  await expectNoSidewaysScroll(page, adminPaths);
  // Still signed in at the end: the screens above were hers, not the login page.
  await expect(page).toHaveURL(`${server.url}/admin/account`);
});
