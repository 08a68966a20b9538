import { expect, test, type Page } from "../support/e2e-test";
import { expectToast } from "../support/toasts";
import { startAppServer, type AppServer } from "../support/app-server";
import { expectNoAxeViolations } from "../support/axe";
import { gotoHydrated, isHydrated, waitForHydration } from "../support/hydration";
import {
  fillTimeToken,
  italianToday,
  jpeg,
  oversizePhoto,
  postReview,
  reviewCard,
  submitAtOnce,
  uniqueName,
  waitForFillTime,
} from "../support/reviews";
import { viewports } from "../support/viewports";

const EMPTY_STATE = "Nessuna recensione disponibile. Sii il primo a lasciare una recensione!";
const REQUIRED = "Per favore compila tutti i campi";
const PHOTO_TOO_LARGE = "L'immagine deve essere inferiore a 5MB";
const ADDED = "Recensione aggiunta con successo";

// Many reviews get posted here: a server of our own, so the shared one's per-IP limit stays untouched.
let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer({ REVIEWS_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
});

const form = (page: Page) => ({
  name: page.getByLabel("Nome", { exact: true }),
  content: page.getByLabel("La tua esperienza"),
  stars: (n: number) => page.getByRole("radio", { name: n === 1 ? "1 stella" : `${n} stelle` }),
  photo: page.getByLabel("Foto (facoltativa)"),
  consent: page.getByRole("checkbox", { name: /Acconsento alla pubblicazione/ }),
  submit: page.getByRole("button", { name: /Invia recensione|Invio in corso/ }),
  status: page.locator(".review-form__status"),
});

test.describe("reviews page with JavaScript", () => {
  test("shows the empty state on a site with no reviews yet", async ({ page }) => {
    const empty = await startAppServer();
    try {
      await gotoHydrated(page, `${empty.url}/reviews`);
      await expect(page.getByText(EMPTY_STATE, { exact: true })).toBeVisible();
      await expect(page.locator(".reviews-summary")).toHaveCount(0);
    } finally {
      await empty.stop();
    }
  });

  test("has a back link, the list beside a sticky form on wide screens and below it on phones", async ({ page }) => {
    await postReview(server.url, { name: uniqueName("Layout") });
    await gotoHydrated(page, `${server.url}/reviews`);
    await expect(page.getByRole("link", { name: /Torna alla home/ })).toHaveAttribute("href", "/home");
    const list = page.getByRole("heading", { level: 1, name: "Cosa dicono i clienti" });
    const formHeading = page.getByRole("heading", { level: 2, name: "Lascia una recensione" });
    await expect(list).toBeVisible();
    await expect(formHeading).toBeVisible();
    const panel = page.locator(".reviews-form-panel");
    expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    const listBox = (await page.locator(".review-list").boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThan(listBox.x + listBox.width - 1);

    await page.setViewportSize({ width: 390, height: 844 });
    const phoneList = (await page.locator(".review-list").boundingBox())!;
    const phonePanel = (await panel.boundingBox())!;
    expect(phonePanel.y).toBeGreaterThan(phoneList.y + phoneList.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Privacy: a nickname is enough, consent links to the notice, and how reviews are handled is one click away.
    await expect(page.getByText("Basta il nome o un soprannome.")).toBeVisible();
    await expect(page.locator(".review-form").getByRole("link", { name: "informativa privacy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await expect(form(page).consent).toHaveAttribute("required", "");
    await page.getByText("Come gestiamo e controlliamo le recensioni").click();
    await expect(page.getByText(/Sono pubblicate subito e controllate in seguito\./)).toBeVisible();

    // On phones a link jumps past the list to the form.
    await page.getByRole("link", { name: "Scrivi una recensione" }).click();
    await expect(page).toHaveURL(/#lascia-recensione$/);
  });

  test("submits a review: busy button, success toast, form cleared, review listed with stars and date", async ({
    page,
  }) => {
    const name = uniqueName("Chiara");
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    await expect(f.stars(5)).toBeChecked();
    await f.name.fill(name);
    await f.content.fill("Prima riga.\nSeconda riga, dopo un a capo.");
    await f.stars(4).check();
    await f.consent.check();
    await waitForFillTime(page);

    // Hold the upload a moment so the busy state can be seen.
    await page.route("**/reviews*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await f.submit.click();
    await expect(f.submit).toBeDisabled();
    await expect(f.submit).toHaveText("Invio in corso…");

    await expectToast(page, ADDED);
    // The form's place says so, and stays so after the toast; the form comes back empty when asked for.
    await expect(page.locator(".review-sent")).toContainText(ADDED);
    await page.getByRole("link", { name: "Scrivi un'altra recensione" }).click();
    await expect(f.submit).toBeEnabled();
    await expect(f.submit).toHaveText("Invia recensione");
    await expect(f.name).toHaveValue("");
    await expect(f.content).toHaveValue("");
    await expect(f.stars(5)).toBeChecked();
    await expect(f.consent).not.toBeChecked();

    const card = reviewCard(page, name);
    await expect(card).toBeVisible();
    await expect(page.locator(".review-list .review-card").first()).toContainText(name);
    await expect(card.getByRole("img", { name: "4 su 5" })).toBeVisible();
    await expect(card.locator("time")).toHaveText(italianToday());
    expect(await card.locator(".review-card__content").innerText()).toBe("Prima riga.\nSeconda riga, dopo un a capo.");
  });

  test("a lost connection shows the spec's error and keeps everything typed", async ({ page }) => {
    const name = uniqueName("Marta");
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    await f.name.fill(name);
    await f.content.fill("Testo che non deve andare perso.");
    await f.stars(3).check();
    await f.consent.check();
    await waitForFillTime(page);
    await page.route("**/reviews*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await f.submit.click();
    await expectToast(page, "Errore durante l'aggiunta della recensione");
    await expect(f.name).toHaveValue(name);
    await expect(f.content).toHaveValue("Testo che non deve andare perso.");
    await expect(f.stars(3)).toBeChecked();
    await expect(f.submit).toBeEnabled();
    await page.unroute("**/reviews*");
    await expect(reviewCard(page, name)).toHaveCount(0);
  });

  test("shows each validation message before anything is sent", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));

    await f.submit.click();
    await expectToast(page, REQUIRED);
    await expect(f.status).toHaveText(REQUIRED);
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");

    // Spaces alone do not count as text.
    await f.name.fill("   ");
    await f.content.fill("Testo");
    await f.submit.click();
    await expect(f.status).toHaveText(REQUIRED);

    await f.name.fill("Paola");
    await f.submit.click();
    await expect(f.status).toHaveText("Per pubblicare la recensione serve il tuo consenso");
    await expect(f.consent).toBeFocused();

    // The photo is checked in the browser: over 5 MB it never leaves.
    await f.photo.setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: oversizePhoto() });
    await expectToast(page, PHOTO_TOO_LARGE);
    await expect(page.locator(".field__error").filter({ hasText: PHOTO_TOO_LARGE })).toBeVisible();
    expect(await f.photo.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    // What was typed is all still there.
    await expect(f.name).toHaveValue("Paola");
    await expect(f.content).toHaveValue("Testo");
    expect(posts).toEqual([]);
  });

  test("a 6 MB photo chosen before the page's scripts arrive is refused as they take over, the rest kept", async ({
    page,
  }) => {
    // The scripts come after the first paint by design: on a slow phone a visitor may fill the form
    // first. They are held here until everything is chosen and typed.
    const scripts = /\/assets\/[\w.-]+\.js$/;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(scripts, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}/reviews`);
    const f = form(page);
    const name = uniqueName("Svelta");
    await f.name.fill(name);
    await f.content.fill("Scritta prima che la pagina fosse pronta.");
    await f.stars(3).check();
    await f.consent.check();
    const sixMegabytes = Buffer.concat([oversizePhoto(), Buffer.alloc(1024 * 1024 - 1024)]);
    await f.photo.setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: sixMegabytes });
    // Without the scripts nothing checked it.
    expect(await isHydrated(page)).toBe(false);
    await expect(page.locator(".field__error")).toHaveCount(0);

    release();
    await waitForHydration(page);
    await expectToast(page, PHOTO_TOO_LARGE);
    await expect(page.locator(".field__error").filter({ hasText: PHOTO_TOO_LARGE })).toBeVisible();
    await expect(f.photo).toHaveAttribute("aria-invalid", "true");
    expect(await f.photo.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    // What was typed and chosen before is all still there, and goes with the review.
    await expect(f.name).toHaveValue(name);
    await expect(f.content).toHaveValue("Scritta prima che la pagina fosse pronta.");
    await expect(f.stars(3)).toBeChecked();
    await expect(f.consent).toBeChecked();
    await waitForFillTime(page);
    await f.submit.click();
    await expectToast(page, ADDED);
    await expect(reviewCard(page, name).getByRole("img", { name: "3 su 5" })).toBeVisible();
  });

  test("caps name and text length in the field itself", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/reviews`);
    await expect(form(page).name).toHaveAttribute("maxlength", "80");
    await expect(form(page).content).toHaveAttribute("maxlength", "2000");
  });

  test("a photo is shown with its renditions and opens larger in a dialog, by mouse and keyboard", async ({ page }) => {
    const name = uniqueName("Foto");
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    await f.name.fill(name);
    await f.content.fill("Il mio piatto del pranzo.");
    await f.photo.setInputFiles({ name: "piatto.jpg", mimeType: "image/jpeg", buffer: await jpeg(2000, 1500) });
    await f.consent.check();
    await waitForFillTime(page);
    await f.submit.click();
    await expectToast(page, ADDED);

    const card = reviewCard(page, name);
    const thumb = card.getByRole("img", { name: `Foto allegata alla recensione di ${name}` });
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAttribute("srcset", /400w.*800w.*1280w/);
    await expect(thumb).toHaveAttribute("width", "1280");
    await expect(thumb).toHaveAttribute("height", "960");
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = (await thumb.getAttribute("src"))!;
    const media = await page.request.get(server.url + src);
    expect(media.headers()["content-type"]).toBe("image/webp");
    expect(media.headers()["cache-control"]).toContain("immutable");

    const dialog = page.getByRole("dialog", { name: `Foto allegata alla recensione di ${name}` });
    const opener = card.getByRole("link", { name: /Foto allegata/ });
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Chiudi" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Enter"); // the focused close button
    await expect(dialog).toBeHidden();
  });

  test("a refused photo is reported with the pipeline's message and nothing is saved", async ({ page }) => {
    const name = uniqueName("Finta");
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    await f.name.fill(name);
    await f.content.fill("Allego un file che non è una foto.");
    await f.photo.setInputFiles({
      name: "foto.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("solo testo, niente immagine"),
    });
    await f.consent.check();
    await waitForFillTime(page);
    await f.submit.click();
    await expectToast(page, "Il file non è un'immagine valida. Usa una foto JPEG, PNG, WebP, AVIF o GIF.");
    await expect(f.name).toHaveValue(name);
    await page.reload();
    await expect(reviewCard(page, name)).toHaveCount(0);
  });

  test("user text is shown as text, never as markup", async ({ page }) => {
    const name = uniqueName("<b>Grassetto</b>");
    await postReview(server.url, { name, content: "<img src=x onerror=\"document.title='violato'\"> <i>ciao</i>" });
    await gotoHydrated(page, `${server.url}/reviews`);
    const card = reviewCard(page, name);
    await expect(card.locator(".review-card__content")).toHaveText(
      "<img src=x onerror=\"document.title='violato'\"> <i>ciao</i>",
    );
    await expect(card.locator("b, i, img")).toHaveCount(0);
    expect(await page.title()).not.toBe("violato");
  });

  test("bots: a filled honeypot or a form sent too fast get a neutral reply and no review", async ({ page }) => {
    const trapped = uniqueName("Bot");
    await gotoHydrated(page, `${server.url}/reviews`);
    const f = form(page);
    await f.name.fill(trapped);
    await f.content.fill("Compra ora!");
    await f.consent.check();
    await page.locator('input[name="sito_web"]').fill("https://spam.example", { force: true });
    await waitForFillTime(page);
    await f.submit.click();
    await expectToast(page, "Grazie, la tua recensione è stata ricevuta.");

    const hasty = uniqueName("Frettoloso");
    await gotoHydrated(page, `${server.url}/reviews`);
    await f.name.fill(hasty);
    await f.content.fill("Inviato in un lampo");
    await f.consent.check();
    await submitAtOnce(page, "recensione");
    await expectToast(page, "Grazie, la tua recensione è stata ricevuta.");

    await page.reload();
    await expect(reviewCard(page, trapped)).toHaveCount(0);
    await expect(reviewCard(page, hasty)).toHaveCount(0);
    // The trap is out of sight and out of reach of keyboard and screen readers.
    await expect(page.locator('input[name="sito_web"]')).toHaveAttribute("tabindex", "-1");
    await expect(page.locator(".review-form__trap")).toHaveAttribute("aria-hidden", "true");
  });

  test("average and count sit above the list, and 'Carica altre' appends without losing what is shown", async ({
    page,
  }) => {
    const own = await startAppServer({ REVIEWS_RATE_LIMIT: "1000" });
    try {
      // 23 reviews rated 5, 4, 3, 2, 1, 5, 4, … : average 3.1.
      for (let i = 1; i <= 23; i++)
        expect(await postReview(own.url, { name: `Paziente ${i}`, rating: 5 - ((i - 1) % 5) })).toBe(303);
      await gotoHydrated(page, `${own.url}/reviews`);
      await expect(page.locator(".reviews-summary")).toHaveText(/3,1\s*su 5.*23 recensioni/);
      const cards = page.locator(".review-list .review-card");
      await expect(cards).toHaveCount(10);
      await expect(cards.first()).toContainText("Paziente 23");

      // Typing in the form while the list changes: nothing typed is lost.
      await form(page).content.fill("Sto scrivendo con calma…");

      await page.getByRole("link", { name: "Carica altre" }).click();
      await expect(cards).toHaveCount(20);
      await expect(page.getByRole("status").filter({ hasText: "Caricate 10 altre recensioni" })).toBeAttached();
      await expect(page).toHaveURL(`${own.url}/reviews`);

      // A new review arrives live: it goes on top and every review loaded so far stays.
      expect(await postReview(own.url, { name: "Paziente 24" })).toBe(303);
      await expect(cards.first()).toContainText("Paziente 24");
      await expect(cards).toHaveCount(21);
      await expect(form(page).content).toHaveValue("Sto scrivendo con calma…");
      await expect(page.locator(".reviews-summary")).toContainText("24 recensioni");

      await page.getByRole("link", { name: "Carica altre" }).click();
      await expect(cards).toHaveCount(24);
      await expect(page.getByRole("link", { name: "Carica altre" })).toHaveCount(0);
      const names = await cards.locator(".review-card__name").allInnerTexts();
      expect(names).toEqual(Array.from({ length: 24 }, (_, i) => `Paziente ${24 - i}`));
    } finally {
      await own.stop();
    }
  });

  // The page's own content; the shared header and footer are checked by the site's specs.
  test("has no accessibility violations on phone and desktop, also with errors shown and the photo open", async ({
    page,
  }) => {
    const name = uniqueName("Axe");
    await postReview(server.url, { name, photo: await jpeg(1200, 900) });
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, `${server.url}/reviews`);
      await expectNoAxeViolations(page);
      await form(page).submit.click();
      await expect(form(page).status).toHaveText(REQUIRED);
      await expectNoAxeViolations(page);
      await reviewCard(page, name)
        .getByRole("link", { name: /Foto allegata/ })
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
    }
  });

  test("star targets are at least 24 px and the choice works with arrow keys", async ({ page }) => {
    await gotoHydrated(page, `${server.url}/reviews`);
    for (const option of await page.locator(".star-input__option").all()) {
      const box = (await option.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await form(page).stars(5).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(form(page).stars(4)).toBeChecked();
    await expect(page.getByRole("group", { name: "Valutazione" })).toBeVisible();
  });
});

test.describe("reviews page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain POST saves the review, redirects and shows the success message", async ({ page }) => {
    const name = uniqueName("Senza JS");
    await page.goto(`${server.url}/reviews`);
    const f = form(page);
    await f.name.fill(name);
    await f.content.fill("Funziona anche così.");
    await f.stars(3).check();
    await f.consent.check();
    await waitForFillTime(page);
    await f.submit.click();
    await expect(page).toHaveURL(`${server.url}/reviews?inviata=pubblicata#lascia-recensione`);
    await expectToast(page, ADDED);
    await expect(page.locator(".review-sent")).toContainText(ADDED);
    await expect(reviewCard(page, name).getByRole("img", { name: "3 su 5" })).toBeVisible();
  });

  test("server-side validation shows the same messages inline and keeps what was typed", async ({ page }) => {
    await page.goto(`${server.url}/reviews`);
    const f = form(page);
    await f.name.fill("   ");
    await f.content.fill("Il testo resta qui.\nAnche la seconda riga.");
    await f.stars(2).check();
    await f.consent.check();
    await waitForFillTime(page);
    await f.submit.click();
    await expect(f.status).toHaveText(REQUIRED);
    await expect(f.status).toBeFocused();
    await expect(f.content).toHaveValue("Il testo resta qui.\nAnche la seconda riga.");
    await expect(f.stars(2)).toBeChecked();
    await expect(f.consent).toBeChecked();

    await f.name.fill("Lucia");
    await f.consent.uncheck();
    await f.submit.click();
    await expect(f.status).toHaveText("Per pubblicare la recensione serve il tuo consenso");
    await expect(f.name).toHaveValue("Lucia");
    await expect(page.locator(".field__error").filter({ hasText: "serve il tuo consenso" })).toBeVisible();
  });

  test("the server refuses a photo over 5 MB with the spec's message, keeping the text", async ({ page }) => {
    await page.goto(`${server.url}/reviews`);
    const f = form(page);
    await f.name.fill("Marta");
    await f.content.fill("Foto troppo pesante");
    await f.consent.check();
    await f.photo.setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: oversizePhoto() });
    await waitForFillTime(page);
    await f.submit.click();
    await expect(f.status).toHaveText(PHOTO_TOO_LARGE);
    await expect(f.name).toHaveValue("Marta");
    await expect(f.content).toHaveValue("Foto troppo pesante");
  });

  test("even a photo far over the limit (12 MB) leaves the typed text in the form", async ({ page }) => {
    await page.goto(`${server.url}/reviews`);
    const f = form(page);
    await f.name.fill("Marta");
    await f.content.fill("Foto enorme");
    await f.stars(4).check();
    await f.consent.check();
    const huge = Buffer.concat([oversizePhoto(), oversizePhoto(), Buffer.alloc(2 * 1024 * 1024)]);
    expect(huge.length).toBeGreaterThan(12 * 1024 * 1024);
    await f.photo.setInputFiles({ name: "enorme.jpg", mimeType: "image/jpeg", buffer: huge });
    await waitForFillTime(page);
    await f.submit.click();
    await expect(f.status).toHaveText(PHOTO_TOO_LARGE);
    await expect(f.name).toHaveValue("Marta");
    await expect(f.content).toHaveValue("Foto enorme");
    await expect(f.stars(4)).toBeChecked();
    await expect(reviewCard(page, "Marta").filter({ hasText: "Foto enorme" })).toHaveCount(0);
  });

  test("the server enforces the caps the browser would: 80 characters of name, 2,000 of text, rating 1–5", async ({
    request,
  }) => {
    const post = async (fields: Record<string, string>) => {
      const response = await request.post(`${server.url}/reviews`, {
        multipart: {
          name: "Anna",
          content: "Ok",
          rating: "5",
          consent: "on",
          modulo_aperto: await fillTimeToken(server.url),
          ...fields,
        },
        maxRedirects: 0,
      });
      return { status: response.status(), body: await response.text() };
    };
    const longName = await post({ name: "N".repeat(81) });
    expect(longName.status).toBe(400);
    expect(longName.body).toContain("Il nome può contenere al massimo 80 caratteri");
    const longText = await post({ content: "t".repeat(2001) });
    expect(longText.status).toBe(400);
    expect(longText.body).toContain("La recensione può contenere al massimo 2000 caratteri");
    const badRating = await post({ rating: "7" });
    expect(badRating.status).toBe(400);
    expect(badRating.body).toContain("Scegli una valutazione da 1 a 5 stelle");
    expect((await post({})).status).toBe(303);
  });

  test("'Carica altre' is a link to the next page of reviews", async ({ page }) => {
    for (let i = 0; i < 11; i++) await postReview(server.url, { name: uniqueName("Pagina") });
    await page.goto(`${server.url}/reviews`);
    await expect(page.locator(".review-list .review-card")).toHaveCount(10);
    const firstPage = await page.locator(".review-card__name").allInnerTexts();
    await page.getByRole("link", { name: "Carica altre" }).click();
    await expect(page).toHaveURL(/\/reviews\?dopo=/);
    // The new page's list, once it is there (the address changes before the page is parsed).
    await expect(page.locator(".review-list .review-card").first()).toBeVisible();
    const secondPage = await page.locator(".review-card__name").allInnerTexts();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);
    await page.getByRole("link", { name: "Torna alle più recenti" }).click();
    await expect(page).toHaveURL(`${server.url}/reviews`);
  });

  test("a photo link opens the image itself", async ({ page }) => {
    const name = uniqueName("Foto senza JS");
    await postReview(server.url, { name, photo: await jpeg(900, 600) });
    await page.goto(`${server.url}/reviews`);
    const link = reviewCard(page, name).getByRole("link", { name: /Foto allegata/ });
    await expect(link).toHaveAttribute("href", /^\/media\/reviews\/.+\.webp$/);
  });
});

test.describe("limits and moderation", () => {
  test("after the per-IP limit, a clear Italian message and no review", async ({ page }) => {
    const limited = await startAppServer({ REVIEWS_RATE_LIMIT: "2" });
    try {
      expect(await postReview(limited.url, { name: "Uno" })).toBe(303);
      expect(await postReview(limited.url, { name: "Due" })).toBe(303);
      await gotoHydrated(page, `${limited.url}/reviews`);
      const f = form(page);
      await f.name.fill("Tre");
      await f.content.fill("La terza in un'ora");
      await f.consent.check();
      await waitForFillTime(page);
      await f.submit.click();
      await expectToast(page, "Hai inviato troppe recensioni in poco tempo. Riprova tra un'ora.");
      await expect(f.name).toHaveValue("Tre");
      await page.reload();
      await expect(reviewCard(page, "Tre")).toHaveCount(0);
      await expect(page.locator(".review-list .review-card")).toHaveCount(2);
      // Not behind a trusted proxy: a forged X-Forwarded-For does not reset the count.
      expect(await postReview(limited.url, { name: "Quattro" }, { "X-Forwarded-For": "198.51.100.77" })).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  test("behind a trusted proxy, the limit applies to each visitor's own address", async () => {
    const proxied = await startAppServer({ REVIEWS_RATE_LIMIT: "1", TRUST_PROXY: "loopback" });
    try {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      expect(await postReview(proxied.url, { name: "Visitatore A" }, from("198.51.100.1"))).toBe(303);
      expect(await postReview(proxied.url, { name: "Di nuovo A" }, from("198.51.100.1"))).toBe(429);
      expect(await postReview(proxied.url, { name: "Visitatore B" }, from("198.51.100.2"))).toBe(303);
    } finally {
      await proxied.stop();
    }
  });

  test("with moderation on, the toast says the review appears after approval and it is not listed", async ({
    page,
  }) => {
    const moderated = await startAppServer({ REVIEWS_MODERATION: "on" });
    try {
      await gotoHydrated(page, `${moderated.url}/reviews`);
      const f = form(page);
      await f.name.fill("In attesa");
      await f.content.fill("Da approvare");
      await f.consent.check();
      await waitForFillTime(page);
      await f.submit.click();
      await expectToast(page, "Grazie! La tua recensione è stata inviata e sarà pubblicata dopo l'approvazione.");
      await expect(page.locator(".review-sent")).toContainText("sarà pubblicata dopo l'approvazione");
      await expect(page.getByText(EMPTY_STATE)).toBeVisible();
      await page.reload();
      await expect(page.getByText(EMPTY_STATE)).toBeVisible();
      await page.getByText("Come gestiamo e controlliamo le recensioni").click();
      await expect(page.getByText(/Ognuna viene letta prima della pubblicazione\./)).toBeVisible();
    } finally {
      await moderated.stop();
    }
  });
});
