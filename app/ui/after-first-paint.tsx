import type { ReactNode } from "react";

const HOLDER_ID = "after-first-paint";

/** How long the scripts wait at most for the web fonts. */
const FONTS_WAIT_MS = 3000;

/**
 * Runs in the page as soon as it is parsed. The inline scripts of the holder only set up data that
 * scripts further down the document feed (the router's hydration data): they run at once. The files
 * (the fonts' stylesheet, the app's module scripts and their preloads) go into the document once the
 * page is shown: the document parsed, its first content painted, the images of its first screen
 * loaded and decoded, and then a frame with all of it painted and on the screen, so that they share
 * the connection with none of these (a heading or an image drawn after the fonts arrived made
 * Lighthouse count the fonts' download in the time to the largest paint). That last frame matters
 * where the first paint came early: the parser yields while parsing a long document, and the browser
 * may paint the part parsed so far (the header alone), so "first content painted" and "parsed"
 * together do not mean the heading was drawn. Images further down the page do not hold them. A page
 * not yet painted (a background tab) waits until it is.
 *
 * The web fonts come first, and the scripts only once the page has been laid out in them: putting
 * the fonts in lays the page out again and redraws all of it, and that work, run while the scripts
 * were evaluated and hydrated, made each of their tasks wait for the CPU. A font that stalls holds
 * the scripts back for a few seconds at most. Frames are awaited through animations of one
 * millisecond, not requestAnimationFrame, and a timer only bounds a stalled font: a page whose
 * requestAnimationFrame or timers are held (a test's fake clock) still gets its scripts.
 *
 * The app's modules are then evaluated one file per task, in the order of their preloads (each after
 * what it imports), before the router's own script runs: it finds them evaluated and only starts
 * hydrating, which React splits into short tasks. One task evaluating them all would keep a phone's
 * main thread busy for a few hundred milliseconds, so a tap meanwhile would wait.
 *
 * The web fonts' stylesheet is not put in the page: its faces are read from it, the ones with the
 * letters every text uses are fetched and decoded, and then all are added at once, so the page is
 * laid out again once, in its fonts. The stylesheet in the page would lay it out once as it arrives
 * (each text in a face still loading) and again as each font does; on a phone that is tens of
 * milliseconds each. The faces for rarer letters are added unloaded, for the browser to fetch as it
 * would from the stylesheet. If any of this fails, the stylesheet goes into the page as it is.
 *
 * Only the server writes it: on hydration React leaves a script's content as the server sent it, so
 * the client build drops the text (about 1.5 KB of every page's scripts, compressed).
 */
const release = !import.meta.env.SSR
  ? ""
  : `(() => {
  const FONTS_WAIT_MS = ${FONTS_WAIT_MS};
  const holder = document.getElementById(${JSON.stringify(HOLDER_ID)});
  if (!holder) return;
  const held = document.createRange().createContextualFragment(holder.textContent);
  document.head.append(...held.querySelectorAll("script:not([src]):not([type=module])"));
  const painted = new Promise((resolve) => {
    if (!window.PerformanceObserver || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      return requestAnimationFrame(resolve);
    }
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  const parsed = new Promise((resolve) => {
    if (document.readyState !== "loading") resolve();
    else addEventListener("DOMContentLoaded", resolve, { once: true });
  });
  const inFirstScreen = (img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.width > 0;
  };
  // One task later (a message, not a timer: a page whose timers are paused or throttled still gets its scripts).
  const nextTask = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
  // The next rendering update: an animation of one millisecond finishes in the one after the update
  // it starts in, so a task after it runs once that earlier frame is painted.
  const nextFrame = () => {
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
  const decoded = (images) => Promise.all(images.map((img) => img.decode().catch(() => {})));
  const within = (ms, promise) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  const fontsLink = held.querySelector("link[rel=stylesheet]");
  fontsLink?.remove();
  // Whether a face's unicode-range ("U+20-7E, U+A0-FF, U+131") has the letter "a": a face for the
  // letters every text uses, not one for rarer letters.
  const basicLatin = (range) =>
    range.split(",").some((part) => {
      const [from, to = from] = part.trim().replace(/^U\\+/i, "").split("-");
      return parseInt(from.replaceAll("?", "0"), 16) <= 0x61 && parseInt(to.replaceAll("?", "F"), 16) >= 0x61;
    });
  const addFonts = async (link) => {
    try {
      const href = link.href;
      const sheet = new CSSStyleSheet({ baseURL: href });
      await sheet.replace(await (await fetch(href)).text());
      const faces = [];
      for (const rule of sheet.cssRules) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const style = rule.style;
        const value = (name, otherwise) => style.getPropertyValue(name).trim() || otherwise;
        const source = value("src", "").replace(/url\\((["']?)(.*?)\\1\\)/g, (_, quote, url) => 'url("' + new URL(url, href) + '")');
        const unicodeRange = value("unicode-range", "U+0-10FFFF");
        const face = new FontFace(value("font-family", "").replace(/^(["'])(.*)\\1$/, "$2"), source, {
          style: value("font-style", "normal"),
          weight: value("font-weight", "normal"),
          display: value("font-display", "auto"),
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
  const entry = /import\\("([^"]+)"\\)/.exec(routerScript?.textContent ?? "")?.[1];
  const modules = Array.from(held.querySelectorAll("link[rel=modulepreload]"), (link) => link.getAttribute("href"));
  Promise.all([painted, parsed])
    .then(() => decoded(Array.from(document.images).filter(inFirstScreen)))
    .then(shown)
    .then(async () => {
      if (fontsLink) {
        await within(FONTS_WAIT_MS, addFonts(fontsLink));
        document.documentElement.getBoundingClientRect(); // laid out in the fonts before any script
        await nextTask();
      }
      routerScript?.remove();
      document.head.append(held);
      for (const href of modules) {
        if (href === entry) continue;
        await import(href).catch(() => {});
        await nextTask();
      }
      if (routerScript) document.head.append(routerScript);
    });
})();`;

/**
 * What the first paint does not need (the app's scripts, the web fonts), held back until the page
 * has been shown: on a slow phone connection it would otherwise share the bandwidth with the
 * document and delay the first paint. The holder is a <noscript>, so a browser without JavaScript
 * reads it as part of the page (it gets the fonts), one with JavaScript keeps it as text, and
 * React leaves its content alone while it hydrates.
 */
export function AfterFirstPaint({ nonce, children }: { nonce: string; children: ReactNode }) {
  return (
    <>
      <noscript id={HOLDER_ID}>{children}</noscript>
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script above, no user text in it.
        dangerouslySetInnerHTML={{ __html: release }}
      />
    </>
  );
}
