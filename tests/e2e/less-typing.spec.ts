import type { Locator } from "@playwright/test";
import { expect as baseExpect, test, type Browser, type Page } from "../support/e2e-test";
import { jpeg } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { viewports } from "../support/viewports";
import { sampleRecipe, seedPhotos } from "../support/factory";
import { fillRecipeForm } from "../support/recipes";

/*
 * "less typing", on her phone (390 px): a day's usual hours in one tap and copied
 * onto the week in another, with and without JavaScript; a recipe's photo chosen by its thumbnail;
 * the portrait's focus set by tapping the photo or with one of nine buttons (keyboard, no JavaScript).
 */
let server: AppServer;
// Several helpers share two cores: a save and the page's answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-less-typing-", { admin: true });
  await seedPhotos(dataDir, 2, { titles: ["Vellutata di zucca", null] });
  server = await startAppServer({ DATA_DIR: dataDir }, 90_000);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const page = await (await browser.newContext({ viewport: viewports[0], javaScriptEnabled })).newPage();
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") void dialog.accept();
  });
  await signInAsAdmin(page, server);
  return page;
}

const place = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
/** A place's week opened: on a phone one place is open at a time, the first studio's at first. */
async function openPlace(page: Page, name: string) {
  if ((await place(page, name).getAttribute("open")) === null)
    await place(page, name).locator(":scope > summary").click();
  await expect(place(page, name)).toHaveAttribute("open", "");
}
/** A day's "Altro" opened: its second range, its presets and "Copia sui giorni aperti". */
async function openMore(dayGroup: Locator) {
  if ((await dayGroup.locator("details").getAttribute("open")) === null) await dayGroup.locator("summary").click();
  await expect(dayGroup.locator("details")).toHaveAttribute("open", "");
}
const day = (page: Page, placeName: string, dayName: string) =>
  place(page, placeName).getByRole("group", { name: dayName, exact: true });

/** Her week for a place: the whole day on Monday, copied onto the week, the weekend closed. Four taps. */
async function setWorkingWeek(page: Page, placeName: string) {
  await openPlace(page, placeName);
  await openMore(day(page, placeName, "Lunedì"));
  await day(page, placeName, "Lunedì").getByRole("button", { name: "Giornata 9–13 e 14–19" }).click();
  await expect(day(page, placeName, "Lunedì").getByLabel("Riapre alle")).toHaveValue("14:00");
  await place(page, placeName).getByRole("button", { name: "Copia sui giorni aperti gli orari di lunedì" }).click();
  // A closed day stays closed: the copy never reopens it.
  await expect(day(page, placeName, "Domenica").getByLabel("Chiuso")).toBeChecked();
  await day(page, placeName, "Sabato").getByLabel("Chiuso").check();
  await day(page, placeName, "Domenica").getByLabel("Chiuso").check();
}

const WORKING_WEEK = "Lun–Ven 9:00–13:00 e 14:00–19:00";

/** How tall the page is, in screens of her phone (844 px). */
const screens = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollHeight ?? Number.POSITIVE_INFINITY) / 844);

test("the hours of two studios and online fit in three screens of her phone, one place open at a time", async ({
  browser,
}) => {
  const admin = await signIn(browser);
  // The setup's step, with the example's two studios and online (it was 10,600 px, 12.6 screens, tall).
  await admin.goto(`${server.url}/admin/configurazione/orari`);
  await expect(place(admin, "Studio di Milano")).toHaveAttribute("open", "");
  for (const closed of ["Studio di Monza", "Visite online"])
    await expect(place(admin, closed)).not.toHaveAttribute("open");
  expect(await screens(admin)).toBeLessThanOrEqual(3);
  // A closed day is one line: its name and "Chiuso", no times, no buttons.
  const sunday = day(admin, "Studio di Milano", "Domenica");
  await expect(sunday.getByLabel("Chiuso")).toBeChecked();
  await expect(sunday.getByRole("button")).toHaveCount(0);
  await expect(sunday.locator("input[type=time]:visible")).toHaveCount(0);
  const sundayBox = (await sunday.boundingBox())!;
  expect(sundayBox.height).toBeLessThan(70);
  // Each place opens by its name (a keyboard's Enter too), and stays on the phone's width.
  await place(admin, "Visite online").locator(":scope > summary").focus();
  await admin.keyboard.press("Enter");
  await expect(day(admin, "Visite online", "Lunedì").getByLabel("Apre alle", { exact: true })).toBeVisible();
  expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(admin, { include: "main" });
  // The editor's own screen is as short.
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  expect(await screens(admin)).toBeLessThanOrEqual(3);
});

test("with JavaScript: two studios and online set in thirteen taps, presets and copy in place", async ({ browser }) => {
  const admin = await signIn(browser);
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  await expectNoAxeViolations(admin, { include: "main" });
  // The copy takes what she typed, not what was saved.
  await openPlace(admin, "Studio di Monza");
  const monday = day(admin, "Studio di Monza", "Lunedì");
  await monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Apre alle").fill("08:30");
  await openMore(monday);
  await place(admin, "Studio di Monza")
    .getByRole("button", { name: "Copia sui giorni aperti gli orari di lunedì" })
    .click();
  await expect(
    day(admin, "Studio di Monza", "Giovedì")
      .getByRole("group", { name: "Giovedì, prima fascia" })
      .getByLabel("Apre alle"),
  ).toHaveValue("08:30");

  for (const name of ["Studio di Milano", "Studio di Monza", "Visite online"]) await setWorkingWeek(admin, name);
  // Enter in a field saves, as the button does (not the first preset's button, which comes first in the form).
  await day(admin, "Visite online", "Venerdì").getByLabel("Apre alle", { exact: true }).press("Enter");
  // Only the working days are open: the weekend, closed, is left out of the line.
  for (const name of ["Studio di Milano", "Studio di Monza", "Visite online"])
    await expect(place(admin, name).getByText("Sul sito ora:")).toHaveText(`Sul sito ora: ${WORKING_WEEK}`);
});

test("without JavaScript: a preset and the copy answer the form filled in, saved only by the save", async ({
  browser,
}) => {
  const admin = await signIn(browser, false);
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  await openPlace(admin, "Visite online");
  await openMore(day(admin, "Visite online", "Martedì"));
  await day(admin, "Visite online", "Martedì").getByRole("button", { name: "Pomeriggio 14–19" }).click();
  const tuesdayMorning = day(admin, "Visite online", "Martedì").getByRole("group", { name: "Martedì, prima fascia" });
  // The server's answer opens the week and the day its button was for.
  await expect(place(admin, "Visite online")).toHaveAttribute("open", "");
  await expect(day(admin, "Visite online", "Martedì").locator("details")).toHaveAttribute("open", "");
  await expect(tuesdayMorning.getByLabel("Apre alle")).toHaveValue("14:00");
  await expect(tuesdayMorning.getByLabel("Chiude alle")).toHaveValue("19:00");
  await expect(day(admin, "Visite online", "Martedì").getByLabel("Riapre alle")).toHaveValue("");
  // What she typed elsewhere comes back with the answer, and the copy takes it too.
  await tuesdayMorning.getByLabel("Apre alle").fill("10:00");
  await place(admin, "Visite online")
    .getByRole("button", { name: "Copia sui giorni aperti gli orari di martedì" })
    .click();
  for (const other of ["Lunedì", "Mercoledì", "Venerdì"]) {
    const morning = day(admin, "Visite online", other).getByRole("group", { name: `${other}, prima fascia` });
    await expect(morning.getByLabel("Apre alle")).toHaveValue("10:00");
    await expect(morning.getByLabel("Chiude alle")).toHaveValue("19:00");
    await expect(day(admin, "Visite online", other).getByLabel("Chiuso")).not.toBeChecked();
  }
  // The weekend she closed stays closed.
  for (const closed of ["Sabato", "Domenica"])
    await expect(day(admin, "Visite online", closed).getByLabel("Chiuso")).toBeChecked();
  // Nothing was saved by the buttons: the site still shows the week before.
  await expect(place(admin, "Visite online").getByText("Sul sito ora:")).toContainText(WORKING_WEEK);
  await admin.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect(place(admin, "Visite online").getByText("Sul sito ora:")).toContainText("Lun–Ven 10:00–19:00");
  // The studios' weeks were posted as they were.
  await expect(place(admin, "Studio di Milano").getByText("Sul sito ora:")).toContainText(WORKING_WEEK);
});

test("a recipe's photo is chosen by its thumbnail, untitled ones by their place in the slideshow", async ({
  browser,
}) => {
  const admin = await signIn(browser);
  await admin.goto(`${server.url}/admin/ricette/nuova`);
  const choices = admin.getByRole("group", { name: "Foto della presentazione" });
  // The two photos, and "Nessuna" (her own photo uploaded instead).
  await expect(choices.getByRole("radio")).toHaveCount(3);
  // Each choice shows its picture, loaded.
  for (const image of await choices.locator("label img").all())
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(choices.getByRole("radio", { name: "Foto 2 (senza titolo)" })).toBeVisible();
  await expectNoAxeViolations(admin, { include: "main" });
  await fillRecipeForm(admin, sampleRecipe({ slug: "", title: "Vellutata", status: "draft" }), "Vellutata di zucca");
  await admin.getByRole("button", { name: "Salva la ricetta" }).click();
  await expect(admin.getByRole("heading", { name: "Modifica la ricetta", level: 1 })).toBeVisible();
  await expect(choices.getByRole("radio", { name: "Vellutata di zucca" })).toBeChecked();
});

test("the portrait's focus: a tap on the photo, a button by keyboard, and without JavaScript", async ({ browser }) => {
  const admin = await signIn(browser);
  await admin.goto(`${server.url}/admin/contenuti/ritratto`);
  await admin
    .getByLabel("Foto", { exact: true })
    .setInputFiles({ name: "ritratto.jpg", mimeType: "image/jpeg", buffer: await jpeg(800, 1000) });
  await admin.getByRole("button", { name: "Carica e pubblica" }).click();
  const photo = admin.locator(".focus-picker__photo img");
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await photo.boundingBox())!;
  await photo.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  const horizontal = admin.getByLabel("Posizione orizzontale (%)");
  const vertical = admin.getByLabel("Posizione verticale (%)");
  await expect(horizontal).toHaveValue(/^2[4-6]$/);
  await expect(vertical).toHaveValue(/^7[4-6]$/);
  // The keyboard's way: a button of the 3×3 grid, pressed with Enter.
  const spots = admin.getByRole("group", { name: "Punto della foto da tenere in vista" });
  await spots.getByRole("button", { name: "In basso a destra" }).focus();
  await admin.keyboard.press("Enter");
  await expect(horizontal).toHaveValue("100");
  await expect(vertical).toHaveValue("100");
  await expect(spots.getByRole("button", { name: "In basso a destra" })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(admin, { include: "main" });
  await admin.getByRole("button", { name: "Salva la posizione" }).click();
  await expect
    .poll(async () => (await fetch(`${server.url}/home`)).text())
    .toMatch(
      /class="about__portrait"[^>]*object-position:\s*100% 100%|object-position:\s*100% 100%[^>]*about__portrait/,
    );

  const noScript = await signIn(browser, false);
  await noScript.goto(`${server.url}/admin/contenuti/ritratto`);
  await noScript
    .getByRole("group", { name: "Punto della foto da tenere in vista" })
    .getByRole("button", { name: "In alto al centro" })
    .click();
  await expect(noScript.getByLabel("Posizione orizzontale (%)")).toHaveValue("50");
  await expect(noScript.getByLabel("Posizione verticale (%)")).toHaveValue("0");
  await noScript.getByRole("button", { name: "Salva la posizione" }).click();
  await expect.poll(async () => (await fetch(`${server.url}/home`)).text()).toMatch(/object-position:\s*50% 0%/);
});
