import { expect, test, type Page } from "../support/e2e-test";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { seedPhotos, seedReviews } from "../support/factory";

/** Fake timers that move only when the test says (a slow page load must not advance the slideshow). */
async function stopTime(page: Page) {
  await page.clock.install({ time: new Date("2026-03-02T09:00:00+01:00") });
  await page.clock.pauseAt(new Date("2026-03-02T09:00:01+01:00"));
}

/**
 * JavaScript /home may transfer, in KB: what it sent before its code was reorganized (106 KB), the
 * compile hint each of its scripts now starts with (0.13 KB compressed over its 8 scripts, bought for
 * a third less script time on the main thread as the page starts: decision 27), and React and the
 * router in two files instead of one (1.1 KB, bought for a shorter longest task: decision 30), less
 * the inline script that releases the scripts after the first paint, which the client bundle no longer
 * carries (1.7 KB: the server alone writes it). 105.8 KB measured; the issue's own ceiling is 110 KB.
 * Then the features of the next issues, each asked for on /home: the slides' links to their recipes
 * and the average's half stars, 107.4 KB measured; 108 KB, still under the
 * ceiling. Code of other pages must never come here (the booking pages once did: vite.config.ts), nor
 * the admin's (its date formats and the editor's messages once did, through modules both import).
 * With each studio's hours in the contact section: 107.8 KB measured. With each studio's page linked
 * from it and the reviews' switch, the closed days listed, and the share card
 * the recipes and articles share (in the chunk of what two families share): 108.4 KB measured; 109 KB,
 * under the ceiling. With the services' prices, figures she may leave out, and the forms library kept
 * off the code every public page shares (vite.config.ts): 109.2 KB measured; 110 KB, the ceiling itself.
 */
const HOME_JS_BUDGET_KB = 110;

const freshDataDir = () => newDataDir("home-e2e-");
const day = 86_400_000;

/** Every request the page made to a host other than ours. */
function watchThirdParty(page: Page, origin: string) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

test.describe("home page on the shared server", () => {
  test("shows the sections in the spec's order", async ({ page }) => {
    await page.goto("/home");
    const ids = await page.locator("main section[id]").evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(["chi-sono", "servizi", "ricette", "recensioni", "contatti"]);
    // The hero comes first, before Chi sono.
    const firstSection = page.locator("main section").first();
    await expect(firstSection.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("hero: headline, booking link in a new tab, services button and the 200+ stat", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/alimentazione su misura/);
    const booking = page.getByRole("link", { name: /Prenota una visita/ });
    await expect(booking).toHaveAttribute("href", "https://prenota.giuliaferrari-nutrizionista.it/");
    await expect(booking).toHaveAttribute("target", "_blank");
    await expect(booking).toHaveAttribute("rel", /noopener/);
    await expect(page.locator(".hero .stat")).toHaveText(/200\+\s*pazienti soddisfatti/);
    await page.getByRole("link", { name: "Scopri i servizi" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("I miei servizi");
  });

  test("Chi sono: about text, 5+ years, and the bundled portrait when none is stored", async ({ page }) => {
    await page.goto("/home");
    const about = page.locator("#chi-sono");
    await expect(about.getByRole("heading", { level: 2 })).toContainText("Biologa Nutrizionista");
    await expect(about).toContainText("Ordine dei Biologi della Lombardia");
    await expect(about.locator(".stat")).toHaveText(/5\+\s*anni di esperienza/);
    const portrait = about.locator("img.about__portrait");
    await expect(portrait).toHaveAttribute("src", "/images/ritratto.svg");
    await portrait.scrollIntoViewIfNeeded();
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("services: the shared grid with its title block and six services", async ({ page }) => {
    await page.goto("/home");
    const section = page.locator("#servizi");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("I miei servizi");
    await expect(section.locator(".section-heading__lead")).not.toBeEmpty();
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Piani alimentari personalizzati",
      "Educazione alimentare",
      "Nutrizione pediatrica",
      "Gestione del peso",
      "Nutrizione e patologie",
      "Nutrizione sportiva",
    ]);
    await expect(section.locator(".service-card svg")).toHaveCount(6);
  });

  test("contact: studios with maps links, phone, e-mail, hours and a mailto form with required fields", async ({
    page,
  }) => {
    await page.goto("/home");
    const contact = page.locator("#contatti");
    const milano = contact.getByRole("link", { name: /Via Giuseppe Verdi 18, 20121 Milano/ });
    await expect(milano).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await expect(milano).toHaveAttribute("target", "_blank");
    await expect(contact.getByRole("link", { name: /Corso Garibaldi 45, 20900 Monza/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(contact.getByRole("link", { name: "+39 347 218 4590" })).toHaveAttribute("href", "tel:+393472184590");
    await expect(contact.locator(".contact__email")).toHaveAttribute(
      "href",
      "mailto:info@giuliaferrari-nutrizionista.it",
    );
    // Each studio's own week, under it.
    const milanoHours = contact.getByRole("list", { name: "Orari, Studio di Milano" });
    await expect(milanoHours).toContainText("Lunedì – Venerdì 9:00–19:00");
    await expect(milanoHours).toContainText("Sabato 9:00–13:00");

    const form = contact.locator("form");
    await expect(form).toHaveAttribute("action", "mailto:info@giuliaferrari-nutrizionista.it");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("enctype", "text/plain");
    for (const label of ["Nome e cognome", "Email", "Messaggio"]) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");

    // Nothing leaves the page while a field is missing: the browser blocks the submission. (The
    // page's own scripts, fonts and live stream load after its first paint: they are not sent.)
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() || r.method() !== "GET") requests.push(r.url());
    });
    await form.getByLabel("Nome e cognome").fill("Anna Rossi");
    await form.getByLabel("Email", { exact: true }).fill("anna@example.it");
    await form.getByRole("button", { name: "Invia messaggio" }).click();
    await expect(form.getByLabel("Messaggio")).toHaveJSProperty("validity.valueMissing", true);
    expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
    await form.getByLabel("Messaggio").fill("Vorrei un appuntamento.");
    expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(true);
    expect(requests.filter((u) => !u.startsWith("data:"))).toEqual([]);
  });

  test("loads nothing from any other host", async ({ page, baseURL }) => {
    const foreign = watchThirdParty(page, new URL(baseURL!).origin);
    await page.goto("/home", { waitUntil: "networkidle" });
    await page.mouse.wheel(0, 6000);
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });

  // What /home weighed before the code was reorganized: it must not grow back. Counted as Lighthouse
  // counts it (`npm run bench:lighthouse` prints the same figure): each script's compressed bytes and
  // its response headers, every script the page loads once the router has taken over.
  test(`transfers at most ${HOME_JS_BUDGET_KB} KB of JavaScript`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const scriptUrls = new Map<string, string>();
    const transferred = new Map<string, number>();
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scriptUrls.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => {
      const url = scriptUrls.get(event.requestId);
      if (url) transferred.set(new URL(url).pathname, event.encodedDataLength);
    });
    await page.goto("/home", { waitUntil: "networkidle" });
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);

    expect(transferred.size).toBeGreaterThan(3);
    const kb = [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    const list = [...transferred].map(([path, bytes]) => `${path} ${bytes} B`).join(", ");
    expect(kb, `JavaScript on /home: ${kb.toFixed(1)} KB (${list})`).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
  });

  test("header links glide to each section, 80 px under the top", async ({ page }) => {
    await page.goto("/home");
    for (const [label, id] of [
      ["Servizi", "servizi"],
      ["Contatti", "contatti"],
      ["Chi sono", "chi-sono"],
      ["Recensioni", "recensioni"],
    ] as const) {
      await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/home#${id}$`));
      await expect
        .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBe(80);
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
  });

  test("the scroll takes about half a second, not a jump", async ({ page }) => {
    // The half-second scroll is the script's: a click before it has taken the page over gets the
    // browser's own smooth scroll, whose pace is not ours.
    await gotoHydrated(page, "/home");
    // The page itself records, frame by frame, every position from the first move until the
    // section is in place: timed by the page's clock, whatever the machine's load.
    await page.evaluate(() => {
      const track = { positions: new Set<number>(), startedAt: 0, ms: -1 };
      (window as unknown as { scrollTrack: typeof track }).scrollTrack = track;
      const step = (now: number) => {
        const y = Math.round(window.scrollY);
        if (y > 0 && track.startedAt === 0) track.startedAt = now;
        if (track.startedAt > 0) track.positions.add(y);
        const top = document.getElementById("contatti")!.getBoundingClientRect().top;
        if (track.startedAt > 0 && Math.abs(top - 80) < 1) track.ms = now - track.startedAt;
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Contatti" }).click();
    const track = await page.waitForFunction(() => {
      const t = (window as unknown as { scrollTrack: { positions: Set<number>; ms: number } }).scrollTrack;
      return t.ms >= 0 && { positions: t.positions.size, ms: t.ms };
    });
    const { positions, ms } = (await track.jsonValue()) as { positions: number; ms: number };
    // Not a jump: positions in between; about half a second from the first move to the section.
    expect(positions).toBeGreaterThan(2);
    expect(ms).toBeGreaterThan(300);
    expect(ms).toBeLessThan(2_000);
  });

  test("from another page, a section link opens home at that section", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Contatti" }).click();
    await expect(page).toHaveURL(/\/home#contatti$/);
    await expect
      .poll(() => page.locator("#contatti").evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBeLessThanOrEqual(81);
    expect(await page.locator("#contatti").evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(79);
  });

  test("the mobile menu closes on choosing a section and lands there", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Closing the menu is the scripts' work: before they run, the link only scrolls to the section.
    await gotoHydrated(page, "/home");
    await page.locator(".menu-toggle").click();
    const panel = page.getByRole("navigation", { name: "Menu mobile" });
    await panel.getByRole("link", { name: "Servizi" }).click();
    await expect(panel).toBeHidden();
    await expect
      .poll(() => page.locator("#servizi").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(80);
  });
});

test.describe("home page with photos and reviews", () => {
  let server: AppServer;

  test.beforeAll(async () => {
    const dataDir = freshDataDir();
    await seedPhotos(dataDir, 4);
    await seedReviews(dataDir, [
      {
        name: "Vecchia",
        rating: 3,
        content: "Troppo vecchia per la home.",
        createdAt: new Date(Date.now() - 30 * day),
      },
      { name: "Laura B.", rating: 5, content: "Prima recensione.", createdAt: new Date(Date.now() - 3 * day) },
      {
        name: "Marco",
        rating: 4,
        content: "Seconda recensione.",
        createdAt: new Date(Date.now() - 2 * day),
        withImage: true,
      },
      { name: "Sara T.", rating: 5, content: "Terza recensione.", createdAt: new Date(Date.now() - day) },
      { name: "In attesa", rating: 5, content: "Non ancora approvata.", status: "pending" },
    ]);
    server = await startAppServer({ DATA_DIR: dataDir });
  });
  test.afterAll(() => server?.stop());

  const counter = (page: Page) => page.locator(".slideshow__counter");

  test("shows the three newest published reviews, newest first, with a link to all reviews", async ({ page }) => {
    await page.goto(`${server.url}/home`);
    const section = page.locator("#recensioni");
    await expect(section.locator(".review-card__name")).toHaveText(["Sara T.", "Marco", "Laura B."]);
    await expect(section.getByRole("img", { name: "4 su 5" })).toBeVisible();
    await expect(section.locator(".review-card__photo")).toHaveCount(1);
    await expect(section).not.toContainText("Non ancora approvata");
    await section.getByRole("link", { name: "Leggi tutte le recensioni" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
  });

  test("slideshow: advances every 4 s and wraps from the last photo to the first", async ({ page }) => {
    await stopTime(page);
    await page.goto(`${server.url}/home`);
    await expect(counter(page)).toHaveText("1 di 4");
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    await expect(counter(page)).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(3900);
    await expect(counter(page)).toHaveText("1 di 4");
    await page.clock.runFor(100);
    await expect(counter(page)).toHaveText("2 di 4");
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("3 di 4");
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("4 di 4");
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("1 di 4");
    await expect(page.locator(".slideshow__dot").first()).toHaveAttribute("aria-current", "true");
  });

  test("slideshow: previous and next wrap at both ends and stop the rotation", async ({ page }) => {
    await stopTime(page);
    await page.goto(`${server.url}/home`);
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    await page.getByRole("button", { name: "Foto precedente" }).click();
    await expect(counter(page)).toHaveText("4 di 4");
    await expect(counter(page)).toHaveAttribute("aria-live", "polite");
    await expect(page.locator(".slideshow__rotation")).toHaveAccessibleName("Avvia presentazione");
    await page.getByRole("button", { name: "Foto successiva" }).click();
    await expect(counter(page)).toHaveText("1 di 4");
    await page.getByRole("button", { name: "Foto successiva" }).click();
    await expect(counter(page)).toHaveText("2 di 4");
    // The slide shown is the one counted.
    await expect
      .poll(() =>
        page.locator(".slideshow__track").evaluate((track) => Math.round(track.scrollLeft / track.clientWidth)),
      )
      .toBe(1);
    // Focus stays where the visitor put it.
    await expect(page.getByRole("button", { name: "Foto successiva" })).toBeFocused();
    await page.mouse.move(0, 0);
    await page.locator("body").focus();
    await page.clock.runFor(12_000);
    await expect(counter(page)).toHaveText("2 di 4");
  });

  test("slideshow: the pause button toggles its label and stops and restarts the rotation", async ({ page }) => {
    await stopTime(page);
    await page.goto(`${server.url}/home`);
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    const rotation = page.locator(".slideshow__rotation");
    await expect(rotation).toHaveAccessibleName("Pausa presentazione");
    await rotation.click();
    await expect(rotation).toHaveAccessibleName("Avvia presentazione");
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_000);
    await expect(counter(page)).toHaveText("1 di 4");
    await rotation.click();
    await expect(rotation).toHaveAccessibleName("Pausa presentazione");
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("2 di 4");
  });

  test("slideshow: pauses while hovered or focused, then resumes", async ({ page }) => {
    await stopTime(page);
    await page.goto(`${server.url}/home`);
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    await page.locator(".slideshow__track").hover();
    await page.clock.runFor(9000);
    await expect(counter(page)).toHaveText("1 di 4");
    await expect(counter(page)).toHaveAttribute("aria-live", "polite");
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("2 di 4");

    await page.locator(".slideshow__track").focus();
    await page.clock.runFor(9000);
    await expect(counter(page)).toHaveText("2 di 4");
    await page.locator("#ricette-title").click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect(counter(page)).toHaveText("3 di 4");
  });

  test("slideshow: dots are 24×24 px targets that pick a photo", async ({ page }) => {
    await page.goto(`${server.url}/home`);
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    const dots = page.locator(".slideshow__dot");
    await expect(dots).toHaveCount(4);
    for (const box of await dots.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await page.getByRole("link", { name: "Foto 3" }).click();
    await expect(counter(page)).toHaveText("3 di 4");
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("slideshow: photos are responsive images with their size set", async ({ page }) => {
    await page.goto(`${server.url}/home`);
    const first = page.locator(".slideshow__image").first();
    await expect(first).toHaveAttribute("srcset", /\/media\/recipe-photos\/\S+ 400w, .+ 800w, .+ 1200w/);
    await expect(first).toHaveAttribute("width", "1200");
    await expect(first).toHaveAttribute("height", "900");
    await expect(first).toHaveAttribute("alt", "Foto della ricetta: Ricetta 1");
    await expect(page.locator(".slideshow__caption").first()).toHaveText("Ricetta 1");
  });

  test("slideshow: starts paused when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stopTime(page);
    await page.goto(`${server.url}/home`);
    await expect(page.locator(".slideshow")).toHaveAttribute("data-ready", "true");
    await expect(page.locator(".slideshow__rotation")).toHaveAccessibleName("Avvia presentazione");
    await page.clock.runFor(10_000);
    await expect(counter(page)).toHaveText("1 di 4");
  });

  // A reload while she looks at the slideshow opens the page there again before its first paint. The
  // later slides sit in the rows of that first screen but off its side, so they never load (lazy): the
  // page once waited for them to decode and never got its scripts.
  for (const width of [1440, 390]) {
    test(`reloaded at the slideshow on a ${width} px screen, the page still gets its scripts`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await gotoHydrated(page, `${server.url}/home`);
      await page
        .locator("#ricette")
        .evaluate((section) => window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY + 200));
      await page.reload();
      await waitForHydration(page, 15_000);
      await page.getByRole("button", { name: "Foto successiva" }).click();
      await expect(counter(page)).toHaveText("2 di 4");
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every section is there; the first photo shows and the others are one link away", async ({ page }) => {
      await page.goto(`${server.url}/home`);
      for (const id of ["chi-sono", "servizi", "ricette", "recensioni", "contatti"]) {
        await expect(page.locator(`#${id}`)).toBeVisible();
      }
      await expect(page.locator(".review-card")).toHaveCount(3);
      await expect(page.locator(".service-card")).toHaveCount(6);
      const track = page.locator(".slideshow__track");
      await track.scrollIntoViewIfNeeded();
      const firstBox = await page.locator("#ricetta-1").boundingBox();
      const trackBox = await track.boundingBox();
      expect(Math.round(firstBox!.x)).toBe(Math.round(trackBox!.x));
      await expect(page.locator(".slideshow__slide")).toHaveCount(4);
      await page.getByRole("link", { name: "Foto 3" }).click();
      await expect(page).toHaveURL(/#ricetta-3$/);
      await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(2);
      // Controls that need JavaScript keep their room but stay out of the way.
      await expect(page.locator(".slideshow__rotation")).toBeHidden();
    });
  });
});

test.describe("home page states", () => {
  test("empty states when there are no photos and no reviews; one photo shows no controls", async ({ page }) => {
    const empty = await startAppServer();
    try {
      await page.goto(`${empty.url}/home`);
      await expect(page.locator(".slideshow-empty")).toHaveText("Nessuna foto di ricette disponibile al momento.");
      await expect(page.locator("#recensioni .empty-state")).toHaveText(
        "Nessuna recensione disponibile. Sii il primo a lasciare una recensione!",
      );
      await expect(page.locator("#recensioni").getByRole("link", { name: "Leggi tutte le recensioni" })).toBeVisible();
    } finally {
      await empty.stop();
    }

    const dataDir = freshDataDir();
    await seedPhotos(dataDir, 1);
    const single = await startAppServer({ DATA_DIR: dataDir });
    try {
      await page.goto(`${single.url}/home`);
      await expect(page.locator(".slideshow__slide")).toHaveCount(1);
      await expect(page.locator(".slideshow__controls")).toHaveCount(0);
      await expect(page.locator(".slideshow__counter")).toHaveCount(0);
    } finally {
      await single.stop();
    }
  });
});
