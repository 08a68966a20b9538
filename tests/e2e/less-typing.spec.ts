import { expect as baseExpect, test, type Browser, type Page } from "../support/e2e-test";
import { ADMIN, adminCreate } from "../support/admin";
import { signInAsAdmin } from "../support/admin-browser";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { viewports } from "../support/viewports";

/*
 * Issue 46 item 3, "less typing", on her phone (390 px): a day's usual hours in one tap and copied
 * onto the week in another, with and without JavaScript.
 */
let server: AppServer;
// Several helpers share two cores: a save and the page's answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir("e2e-less-typing-");
  expect(adminCreate({ DATA_DIR: dataDir }, ["--email", ADMIN.email], ADMIN.password).code).toBe(0);
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
const day = (page: Page, placeName: string, dayName: string) =>
  place(page, placeName).getByRole("group", { name: dayName, exact: true });

/** Her week for a place: the whole day on Monday, copied onto the week, the weekend closed. Four taps. */
async function setWorkingWeek(page: Page, placeName: string) {
  await day(page, placeName, "Lunedì").getByRole("button", { name: "Giornata 9–13 e 14–19" }).click();
  await expect(day(page, placeName, "Lunedì").getByLabel("Riapre alle")).toHaveValue("14:00");
  await place(page, placeName).getByRole("button", { name: "Copia su tutti i giorni gli orari di lunedì" }).click();
  await expect(day(page, placeName, "Domenica").getByLabel("Chiuso")).not.toBeChecked();
  await day(page, placeName, "Sabato").getByLabel("Chiuso").check();
  await day(page, placeName, "Domenica").getByLabel("Chiuso").check();
}

const WORKING_WEEK = "Lun–Ven 9:00–13:00 e 14:00–19:00";

test("with JavaScript: two studios and online set in thirteen taps, presets and copy in place", async ({ browser }) => {
  const admin = await signIn(browser);
  await admin.goto(`${server.url}/admin/contenuti/orari`);
  await expectNoAxeViolations(admin, { include: "main" });
  // The copy takes what she typed, not what was saved.
  const monday = day(admin, "Studio di Monza", "Lunedì");
  await monday.getByRole("group", { name: "Lunedì, prima fascia" }).getByLabel("Apre alle").fill("08:30");
  await place(admin, "Studio di Monza")
    .getByRole("button", { name: "Copia su tutti i giorni gli orari di lunedì" })
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
  await day(admin, "Visite online", "Martedì").getByRole("button", { name: "Pomeriggio 14–19" }).click();
  const tuesdayMorning = day(admin, "Visite online", "Martedì").getByRole("group", { name: "Martedì, prima fascia" });
  await expect(tuesdayMorning.getByLabel("Apre alle")).toHaveValue("14:00");
  await expect(tuesdayMorning.getByLabel("Chiude alle")).toHaveValue("19:00");
  await expect(day(admin, "Visite online", "Martedì").getByLabel("Riapre alle")).toHaveValue("");
  // What she typed elsewhere comes back with the answer, and the copy takes it too.
  await tuesdayMorning.getByLabel("Apre alle").fill("10:00");
  await place(admin, "Visite online")
    .getByRole("button", { name: "Copia su tutti i giorni gli orari di martedì" })
    .click();
  for (const other of ["Lunedì", "Sabato", "Domenica"]) {
    const morning = day(admin, "Visite online", other).getByRole("group", { name: `${other}, prima fascia` });
    await expect(morning.getByLabel("Apre alle")).toHaveValue("10:00");
    await expect(morning.getByLabel("Chiude alle")).toHaveValue("19:00");
    await expect(day(admin, "Visite online", other).getByLabel("Chiuso")).not.toBeChecked();
  }
  // Nothing was saved by the buttons: the site still shows the week before.
  await expect(place(admin, "Visite online").getByText("Sul sito ora:")).toContainText(WORKING_WEEK);
  await admin.getByRole("button", { name: "Salva e pubblica", exact: true }).click();
  await expect(place(admin, "Visite online").getByText("Sul sito ora:")).toContainText("Lun–Dom 10:00–19:00");
  // The studios' weeks were posted as they were.
  await expect(place(admin, "Studio di Milano").getByText("Sul sito ora:")).toContainText(WORKING_WEEK);
});
