import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "../support/e2e-test";
import { PHOTO_MESSAGES } from "~/features/photos/messages";
import { REVIEW_MESSAGES } from "~/features/reviews/moderation-messages";
import { newDataDir, startAppServer, type AppServer } from "../support/app-server";
import { seedReviews } from "../support/factory";
import { viewports } from "../support/viewports";

// What a phone on a slow connection must fetch before it can paint a public page: the document
// alone. Its stylesheets are written into it; the app's scripts and the web fonts wait until the
// page is shown. A regression here costs seconds of blank screen and no test would see it.
const publicPages = ["/", "/home", "/services", "/reviews", "/privacy", "/non-esiste"];
const phone = viewports.find((v) => v.name === "mobile")!;

/** Whether a web font has arrived and is in use (a family with no face yet would pass `fonts.check`). */
const webFontLoaded = (family: string) =>
  `[...document.fonts].some((face) => face.family.replaceAll('"', "") === ${JSON.stringify(family)} && face.status === "loaded")`;

/** When the page requested each of the app's script files (ms since the navigation started). */
const scriptStartTimes = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[\w.-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  );

/** Records every web font face the page adds (family, first range, status) and when, as `facesAdded`. */
const recordFacesAdded = (page: Page) =>
  page.addInitScript(() => {
    const added: { face: string; at: number }[] = [];
    (window as unknown as { facesAdded: typeof added }).facesAdded = added;
    const add = FontFaceSet.prototype.add;
    FontFaceSet.prototype.add = function (face: FontFace) {
      added.push({
        face: `${face.family.replaceAll('"', "")} ${face.unicodeRange.split(",")[0]} ${face.status}`,
        at: performance.now(),
      });
      return add.call(this, face);
    };
  });
const facesAdded = (page: Page) =>
  page.evaluate(() => (window as unknown as { facesAdded: { face: string; at: number }[] }).facesAdded);

/** The document as the server sends it, split at the holder of what waits for the first paint. */
async function fetchDocument(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  const held = /<noscript id="after-first-paint">([\s\S]*?)<\/noscript>/.exec(html);
  return { html, held: held?.[1] ?? null, rest: held ? html.replace(held[0], "") : html };
}

/**
 * A server in front of the app that sends the document at `path` in two parts, the second from
 * `splitBefore` on and 300 ms later; everything else passes through unchanged.
 */
async function serveDocumentInTwoParts(appUrl: string, path: string, splitBefore: string) {
  const server = createServer((incoming, outgoing) => {
    const { "accept-encoding": _encoding, ...headers } = incoming.headers;
    const forwarded = httpRequest(new URL(incoming.url!, appUrl), { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode!, answer.headers);
      if (incoming.url !== path) return answer.pipe(outgoing);
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks);
        const at = html.indexOf(splitBefore);
        if (at <= 0) throw new Error(`${path}: the document has no ${splitBefore} to split before`);
        outgoing.write(html.subarray(0, at));
        setTimeout(() => outgoing.end(html.subarray(at)), 300);
      });
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Notes when the page's footer, the end of its content, is parsed: nothing may be painted before.
 * Called before the navigation; a mutation observer's callback runs at the end of the parser's task
 * that inserted the footer, so before any paint that follows it.
 */
const recordFooterParsed = (page: Page) =>
  page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector("footer")) return;
      (window as { footerParsedAt?: number }).footerParsedAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });

/**
 * What the page drew and when (ms since the navigation started): its first paint, when its footer
 * was parsed (`recordFooterParsed`), each largest-paint entry, the request for the web fonts'
 * stylesheet, and the layout shifts before that request (the web fonts' own swap is the fallback
 * tests' concern).
 */
const paintTimeline = (page: Page) =>
  page.evaluate(async () => {
    const entries = (type: string) =>
      new Promise<PerformanceEntry[]>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type, buffered: true }),
      );
    const fontsFetchedAt =
      performance.getEntriesByType("resource").find((r) => /\/assets\/fonts-[\w-]+\.css$/.test(r.name))?.startTime ??
      Number.NaN;
    const largest = (await entries("largest-contentful-paint")) as (PerformanceEntry & { element: Element | null })[];
    // A page that never shifted reports no entry at all: the observer would wait forever.
    const shifts = await Promise.race([
      entries("layout-shift") as Promise<(PerformanceEntry & { value: number })[]>,
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), 500)),
    ]);
    return {
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      footerParsedAt: (window as { footerParsedAt?: number }).footerParsedAt ?? Number.NaN,
      largest: largest.map((entry) => ({ at: entry.startTime, what: entry.element?.outerHTML.slice(0, 60) ?? "" })),
      fontsFetchedAt,
      shiftsBeforeFonts: shifts.filter((s) => s.startTime < fontsFetchedAt).reduce((sum, s) => sum + s.value, 0),
    };
  });

/**
 * Opens `path` on a phone with its document sent in two parts (`serveDocumentInTwoParts`), waits for
 * the web fonts, and tells what the page drew and when (`paintTimeline`).
 */
async function loadInTwoParts(page: Page, appUrl: string, path: string, splitBefore: string) {
  const proxy = await serveDocumentInTwoParts(appUrl, path, splitBefore);
  try {
    await page.setViewportSize(phone);
    await recordFooterParsed(page);
    await page.goto(`${proxy.url}${path}`);
    await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable")), { timeout: 10_000 }).toBe(true);
    return await paintTimeline(page);
  } finally {
    await proxy.close();
  }
}

test.describe("first paint", () => {
  for (const path of publicPages) {
    test(`${path}: nothing to fetch before the first paint but the document`, async ({ request }) => {
      const { html, held, rest } = await fetchDocument(request, path);
      const head = /<head>([\s\S]*?)<\/head>/.exec(rest)?.[1] ?? "";

      // The page's own sheets are in the document, the base sheet first.
      const inline = /<style data-precedence="default" data-href="([^"]+)">/.exec(head);
      expect(inline, "stylesheets written into <head>").not.toBeNull();
      expect(inline![1]!.split(" ")[0]).toMatch(/^\/assets\/app-[\w-]+\.css$/);

      // No stylesheet, font or script file to fetch outside the holder (an image the page shows may be preloaded).
      const links = rest.match(/<link [^>]*>/g) ?? [];
      expect(links.filter((link) => /rel="stylesheet"/.test(link))).toEqual([]);
      expect(links.filter((link) => /rel="(preload|modulepreload)"/.test(link) && !/as="image"/.test(link))).toEqual(
        [],
      );
      expect(rest.match(/<script[^>]* (src|type="module")[^>]*>/g) ?? []).toEqual([]);

      // Held back until the page is shown: the app's scripts and the web fonts.
      expect(held).toMatch(/<link rel="stylesheet" href="\/assets\/fonts-[\w-]+\.css"/);
      expect(held).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
      expect(held).toMatch(/<script [^>]*type="module"/);
      expect(html.indexOf("after-first-paint")).toBeGreaterThan(html.indexOf("</main>"));
    });
  }

  // What a page's scripts must not carry: each would be fetched and run by every visitor of the page.
  // (The generic error message is also the public error page's.)
  const { generic: _alsoOnTheErrorPage, ...photoMessages } = PHOTO_MESSAGES;
  const foreignCode = {
    "the admin's code": [...Object.values(photoMessages), ...Object.values(REVIEW_MESSAGES)],
    // Fetched by a page with a form when a visitor reaches it (app/core/forms/use-schema-form.ts).
    zod: ["ZodError", "$ZodObject"],
    "the forms library": ["__intent__"],
    "the database ORM": ["drizzle:"],
  };
  const pagesWithoutForms = ["/", "/home", "/services", "/privacy"];
  for (const path of publicPages) {
    test(`${path}: its scripts carry only what a public page uses`, async ({ request }) => {
      const { html } = await fetchDocument(request, path);
      const scripts = [...new Set(Array.from(html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g), (m) => m[1]!))];
      expect(scripts.some((src) => /\/entry\.client-/.test(src))).toBe(true);
      const code = (await Promise.all(scripts.map(async (src) => (await request.get(src)).text()))).join("\n");
      for (const [what, markers] of Object.entries(foreignCode)) {
        if (what === "the forms library" && !pagesWithoutForms.includes(path)) continue;
        for (const marker of markers)
          expect(code.includes(marker), `${what} (${marker}) in the scripts of ${path}`).toBe(false);
      }
    });
  }

  // V8's compile hint (vite.config.ts): a script that lost it compiles each function on the main
  // thread at its first call (on /reviews, 102 ms of script time as the page starts instead of 69),
  // and nothing else would show it.
  for (const path of publicPages) {
    test(`${path}: each script it loads is compiled while it downloads`, async ({ request }) => {
      const { held } = await fetchDocument(request, path);
      const scripts = Array.from(
        held!.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g),
        (m) => m[1]!,
      );
      expect(scripts.length).toBeGreaterThan(3);
      for (const src of scripts) {
        const code = await (await request.get(src)).text();
        expect(code.split("\n", 1)[0], src).toBe("//# allFunctionsCalledOnLoad");
      }
    });
  }

  test("the app's scripts are fetched once the page is shown, and then run", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/home");
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { timeout: 10_000 }).toBe(true);
    // No script was requested before the document was parsed and its first content painted.
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        parsed: navigation.domContentLoadedEventStart,
      };
    });
    const scripts = await scriptStartTimes(page);
    expect(scripts.length).toBeGreaterThan(3);
    for (const start of scripts) expect(start).toBeGreaterThanOrEqual(Math.max(timing.fcp, timing.parsed));
  });

  // The parser yields while parsing a long document, and on a slow connection the document comes in
  // pieces: a browser paints what it has so far unless told to wait. A half-parsed page painted
  // moves as the rest comes in (a line of text, a row that wraps, a centred heading: Lighthouse
  // counted one such shift on /reviews), and a font fetched before the page's largest content is
  // drawn is counted by Lighthouse in the time to the largest paint. Each page holds its rendering
  // until its footer is parsed, so it is painted once, whole.
  // The landing comes apart before its entry cards: its intro, centred with them, would move up.
  const secondPartFrom: [string, string][] = [
    ["/", '<nav class="landing__cards"'],
    ["/home", "<main"],
    ["/reviews", "<main"],
    ["/services", "<main"],
  ];
  for (const [path, splitBefore] of secondPartFrom)
    test(`${path}: a document that comes in two parts is painted once all of it is in, then its web fonts are fetched`, async ({
      page,
      baseURL,
    }) => {
      const drawn = await loadInTwoParts(page, baseURL!, path, splitBefore);
      // What came 300 ms earlier (the header, the landing's intro) was not painted alone.
      expect(drawn.firstPaint).toBeGreaterThan(drawn.footerParsedAt);
      for (const paint of drawn.largest)
        expect(paint.at, `drawn before the fonts: ${paint.what}`).toBeLessThan(drawn.fontsFetchedAt);
      expect(drawn.shiftsBeforeFonts).toBe(0);
    });

  test.describe("with reviews", () => {
    let server: AppServer;
    test.beforeAll(async () => {
      const dataDir = newDataDir("first-paint-e2e-");
      await seedReviews(dataDir, [
        { name: "Laura B.", rating: 5, content: "Piano chiaro e facile da seguire." },
        { name: "Marco", rating: 4, content: "Indicazioni pratiche.", withImage: true },
        { name: "Sara T.", rating: 5, content: "Mi sono trovata bene." },
      ]);
      server = await startAppServer({ DATA_DIR: dataDir });
    });
    test.afterAll(() => server?.stop());

    // Seen in a Lighthouse run: the page painted while its summary line ("4,7 su 5 · 3 recensioni ·
    // 0 verificate") was half parsed; the rest of the line made it wrap under the stars, a shift.
    test("/reviews: a summary line cut in two as the document comes is not painted half, so nothing moves", async ({
      page,
    }) => {
      const drawn = await loadInTwoParts(page, server.url, "/reviews", '<a href="#come-controlliamo"');
      expect(drawn.firstPaint).toBeGreaterThan(drawn.footerParsedAt);
      expect(drawn.shiftsBeforeFonts).toBe(0);
    });
  });

  test("each page carries the sheets of what it shows, and later pages load the sheets they lack", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto("/privacy");
    const hrefs = async () =>
      page.evaluate(() => ({
        inline: Array.from(document.querySelectorAll("style[data-href]"), (s) => s.getAttribute("data-href")).join(" "),
        linked: Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (l) => l.getAttribute("href")),
      }));
    const first = await hrefs();
    for (const sheet of ["app", "site-header", "privacy", "site-footer"])
      expect(first.inline).toMatch(new RegExp(`/assets/${sheet}-`));
    expect(first.inline).not.toMatch(/\/assets\/(home|landing|reviews)-/);

    // The web fonts arrive once the page is shown, and the app's scripts run (the router took over).
    await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable")), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { timeout: 10_000 }).toBe(true);

    // A client-side navigation brings the home page's sheet before showing it: the hero is styled.
    await page.locator("header a.brand").click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator(".hero")).toBeVisible();
    const heroBackground = await page.locator(".hero").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(heroBackground).toContain("radial-gradient");
    expect((await hrefs()).linked.some((href) => /\/assets\/home-[\w-]+\.css$/.test(href ?? ""))).toBe(true);
  });

  test("the web fonts come into the page already loaded, in one step", async ({ page }) => {
    const fontFiles: string[] = [];
    page.on("request", (request) => {
      if (/\.woff2$/.test(request.url())) fontFiles.push(new URL(request.url()).pathname);
    });
    // Each face added to the page while still loading would lay the page out once more: none is.
    await recordFacesAdded(page);
    await page.setViewportSize(phone);
    await page.goto("/services");
    await expect.poll(() => page.evaluate(webFontLoaded("Source Sans 3 Variable")), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable"))).toBe(true);

    // No stylesheet of fonts in the page: its faces were read from it and added, the ones in use loaded.
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/fonts-"]').count()).toBe(0);
    const added = (await facesAdded(page)).map(({ face }) => face);
    expect(added.toSorted()).toEqual([
      "Fraunces Variable U+100-130 unloaded",
      "Fraunces Variable U+20-7E loaded",
      "Source Sans 3 Variable U+100-130 unloaded",
      "Source Sans 3 Variable U+20-7E loaded",
    ]);
    // Italian text only: the files for rarer letters were not fetched.
    expect(fontFiles.some((file) => /latin-ext/.test(file))).toBe(false);
  });

  test("the page is drawn in its web fonts before its scripts are fetched", async ({ page }) => {
    // Putting the fonts in redraws the whole page; run alongside hydration, it made hydration's tasks
    // wait for the CPU. So the fonts go in first and the scripts follow.
    await recordFacesAdded(page);
    await page.setViewportSize(phone);
    await page.goto("/reviews");
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window), { timeout: 10_000 }).toBe(true);
    const fontsAddedAt = (await facesAdded(page))[0]?.at ?? Number.NaN;
    const scripts = await scriptStartTimes(page);
    expect(scripts.length).toBeGreaterThan(3);
    expect(fontsAddedAt).toBeGreaterThan(0);
    for (const start of scripts) expect(start).toBeGreaterThan(fontsAddedAt);
  });

  test("on Linux the first layout finds each fallback font at the first local font it asks for", async ({ page }) => {
    // On Linux every local() font Chromium looks for is a round trip to another process while the
    // page's first layout waits (elsewhere it is a lookup in a table): each fallback missing from
    // the machine asked for before DejaVu made that layout longer, Lighthouse counted it.
    await page.setViewportSize(phone);
    await page.goto("/reviews");
    await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable")), { timeout: 10_000 }).toBe(true);
    const fallbacks = await page.evaluate(() =>
      [...document.fonts]
        .map((face) => ({ family: face.family.replaceAll('"', ""), weight: face.weight, status: face.status }))
        .filter((face) => !face.family.endsWith(" Variable"))
        .map((face) => `${face.family} ${face.weight} ${face.status}`),
    );
    expect(fallbacks.toSorted()).toEqual([
      "Fraunces DejaVu Serif 400 loaded",
      "Fraunces DejaVu Serif 500 loaded",
      "Fraunces Georgia 400 unloaded",
      "Fraunces Georgia 500 unloaded",
      "Fraunces Noto Serif 400 unloaded",
      "Fraunces Noto Serif 500 unloaded",
      "Fraunces Times 400 unloaded",
      "Fraunces Times 500 unloaded",
      "Source Sans 3 Arial 400 unloaded",
      "Source Sans 3 Arial 500 unloaded",
      "Source Sans 3 DejaVu Sans 400 loaded",
      "Source Sans 3 DejaVu Sans 500 loaded",
      "Source Sans 3 Roboto 400 unloaded",
      "Source Sans 3 Roboto 500 unloaded",
    ]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the web fonts come from their stylesheet", async ({ page }) => {
      await page.setViewportSize(phone);
      await page.goto("/services");
      await expect.poll(() => page.evaluate(webFontLoaded("Source Sans 3 Variable")), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable"))).toBe(true);
    });
  });

  // The phone of the checks and Lighthouse's (412 px): a line that wraps only in one font moves
  // everything below it; centred text moves sideways when the widths differ.
  const fallbackScreens = [phone, { width: 412, height: 823 }];
  for (const screen of fallbackScreens)
    for (const path of ["/", "/home"])
      test(`${path} at ${screen.width} px: the fallback fonts keep the first screen's text where the web fonts put it`, async ({
        page,
      }) => {
        await page.setViewportSize(screen);
        // Still, so that no entrance animation is caught in flight.
        await page.emulateMedia({ reducedMotion: "reduce" });
        // Each first-screen text: its box's top and height, and where its first line starts.
        const texts = () =>
          page.locator("header, main h1, main h2, main h3, main p, main li, main a").evaluateAll((els) =>
            els.flatMap((el) => {
              const box = el.getBoundingClientRect();
              if (box.top >= window.innerHeight || box.height === 0) return [];
              const range = document.createRange();
              range.selectNodeContents(el);
              const start = range.getClientRects()[0]?.left ?? box.left;
              return [{ text: el.textContent?.trim().slice(0, 30), top: box.top, height: box.height, start }];
            }),
          );
        await page.route(/\.woff2$/, (route) => route.abort());
        await page.goto(path, { waitUntil: "networkidle" });
        const withFallback = await texts();
        await page.unroute(/\.woff2$/);
        await page.goto(path, { waitUntil: "networkidle" });
        await expect.poll(() => page.evaluate(webFontLoaded("Source Sans 3 Variable"))).toBe(true);
        await expect.poll(() => page.evaluate(webFontLoaded("Fraunces Variable"))).toBe(true);
        const withWebFonts = await texts();
        expect(withFallback.length).toBeGreaterThan(3);
        expect(withFallback.map(({ text }) => text)).toEqual(withWebFonts.map(({ text }) => text));
        // A line more or less moves text by a line's height; under a pixel is rounding. Sideways,
        // under 3 px is not a layout shift (the browser's own threshold).
        const moves = withFallback.flatMap((fallback, i) => {
          const web = withWebFonts[i]!;
          const moved =
            Math.abs(fallback.top - web.top) >= 1 ||
            Math.abs(fallback.height - web.height) >= 1 ||
            Math.abs(fallback.start - web.start) >= 3;
          return moved ? [{ fallback, web }] : [];
        });
        expect(moves).toEqual([]);
      });
});
