// The script each public page runs as soon as it is parsed (see after-first-paint.tsx, which writes it
// into the page): a function serialised with `.toString()`, so it keeps to itself (no imports,
// nothing from this module's scope) and runs in the browser only. Not even an `import()` of its own:
// the dev server rewrites those in server code, so the page hands it one (`importModule`).

/**
 * Moves what the holder kept back (the fonts' stylesheet, the app's module scripts and their
 * preloads) into the document once the page has been shown, as after-first-paint.tsx explains.
 */
export function releaseAfterFirstPaint(
  holderId: string,
  waitMs: number,
  importModule: (href: string) => Promise<unknown>,
): void {
  const holder = document.getElementById(holderId);
  if (!holder) return;
  const held = document.createRange().createContextualFragment(holder.textContent ?? "");
  document.head.append(...held.querySelectorAll("script:not([src]):not([type=module])"));
  const painted = new Promise<void>((resolve) => {
    if (!window.PerformanceObserver || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => resolve());
      return;
    }
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== "loading") resolve();
    else addEventListener("DOMContentLoaded", () => resolve(), { once: true });
  });
  // The images the first screen shows: an observer counts what a scrolling row clips off the side (a
  // slideshow's later slides), which never load while lazy and would hold the scripts for good.
  const inFirstScreen = (): Promise<HTMLImageElement[]> =>
    new Promise((resolve) => {
      const images = Array.from(document.images);
      if (!window.IntersectionObserver || images.length === 0) {
        resolve(images.filter((img) => img.loading !== "lazy"));
        return;
      }
      const observer = new IntersectionObserver((entries) => {
        observer.disconnect();
        resolve(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLImageElement));
      });
      for (const img of images) observer.observe(img);
    });
  // One task later (a message, not a timer: a page whose timers are paused or throttled still gets its scripts).
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  // The next rendering update: an animation of one millisecond finishes in the one after the update
  // it starts in, so a task after it runs once that earlier frame is painted.
  const nextFrame = (): Promise<void> => {
    try {
      const animation = new Animation(new KeyframeEffect(null, null, 1));
      animation.play();
      return animation.finished.then(nextTask, nextTask);
    } catch {
      return nextTask();
    }
  };
  // What the page holds now painted and on the screen: the screen shows a frame a little after it
  // is painted (a largest paint is timed when it is shown), so one frame more is awaited.
  const shown = () => nextFrame().then(nextFrame);
  // decode() waits for the image to load first; one that fails to load does not hold the rest.
  const decoded = (images: HTMLImageElement[]) => Promise.all(images.map((img) => img.decode().catch(() => {})));
  const within = (ms: number, promise: Promise<unknown>) =>
    Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  const fontsLink = held.querySelector<HTMLLinkElement>("link[rel=stylesheet]");
  fontsLink?.remove();
  // Whether a face's unicode-range ("U+20-7E, U+A0-FF, U+131") has the letter "a": a face for the
  // letters every text uses, not one for rarer letters.
  const basicLatin = (range: string) =>
    range.split(",").some((part) => {
      const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
      return parseInt(from.replaceAll("?", "0"), 16) <= 0x61 && parseInt(to.replaceAll("?", "F"), 16) >= 0x61;
    });
  const addFonts = async (link: HTMLLinkElement) => {
    try {
      const href = link.href;
      const sheet = new CSSStyleSheet({ baseURL: href });
      await sheet.replace(await (await fetch(href)).text());
      const faces: { face: FontFace; first: boolean }[] = [];
      for (const rule of sheet.cssRules) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const style = rule.style;
        const value = (name: string, otherwise: string) => style.getPropertyValue(name).trim() || otherwise;
        const source = value("src", "").replace(
          /url\((["']?)(.*?)\1\)/g,
          (_, _quote, url: string) => `url("${new URL(url, href)}")`,
        );
        const unicodeRange = value("unicode-range", "U+0-10FFFF");
        const face = new FontFace(value("font-family", "").replace(/^(["'])(.*)\1$/, "$2"), source, {
          style: value("font-style", "normal"),
          weight: value("font-weight", "normal"),
          display: value("font-display", "auto") as FontDisplay,
          unicodeRange,
        });
        faces.push({ face, first: basicLatin(unicodeRange) });
      }
      await Promise.all(faces.filter(({ first }) => first).map(({ face }) => face.load()));
      for (const { face } of faces) document.fonts.add(face);
    } catch {
      document.head.append(link);
    }
  };
  const routerScript = held.querySelector("script[type=module]");
  // The entry module starts hydration when evaluated: only the router's script may import it.
  const entry = /import\("([^"]+)"\)/.exec(routerScript?.textContent ?? "")?.[1];
  const modules = Array.from(held.querySelectorAll("link[rel=modulepreload]"), (link) => link.getAttribute("href"));
  Promise.all([painted, parsed])
    .then(inFirstScreen)
    .then((images) => within(waitMs, decoded(images)))
    .then(shown)
    .then(async () => {
      if (fontsLink) {
        await within(waitMs, addFonts(fontsLink));
        document.documentElement.getBoundingClientRect(); // laid out in the fonts before any script
        await nextTask();
      }
      routerScript?.remove();
      document.head.append(held);
      for (const href of modules) {
        if (href === entry || href === null) continue;
        await importModule(href).catch(() => {});
        await nextTask();
      }
      if (routerScript) document.head.append(routerScript);
    });
}
