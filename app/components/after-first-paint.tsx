import type { ReactNode } from "react";

const HOLDER_ID = "after-first-paint";

/**
 * Runs in the page as soon as it is parsed. The inline scripts of the holder only set up data that
 * scripts further down the document feed (the router's hydration data): they run at once. The files
 * (the app's module scripts and their preloads, the fonts' stylesheet) go into the document once the
 * page is shown: its first content painted and the images of its first screen loaded, so that they
 * share the connection with neither. Images further down the page do not hold them. A page whose
 * own images are all in before it is painted gets them then, before its `load` event: whoever
 * waits for that event (a script, a test) finds the app's scripts run, as without the holder.
 */
const release = `(() => {
  const holder = document.getElementById(${JSON.stringify(HOLDER_ID)});
  if (!holder) return;
  const held = document.createRange().createContextualFragment(holder.textContent);
  document.head.append(...held.querySelectorAll("script:not([src]):not([type=module])"));
  let released = false;
  const releaseHeld = () => {
    if (released) return;
    released = true;
    document.head.append(held);
  };
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
  const loaded = (images) =>
    Promise.all(
      images
        .filter((img) => !img.complete)
        .map((img) => new Promise((resolve) => {
          img.addEventListener("load", resolve, { once: true });
          img.addEventListener("error", resolve, { once: true });
        })),
    );
  // One task later (a message, not a timer: a page whose timers are paused or throttled still gets its scripts).
  const nextTask = (run) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = run;
    channel.port2.postMessage(null);
  };
  painted
    .then(() => loaded(Array.from(document.images).filter(inFirstScreen)))
    .then(() => nextTask(releaseHeld));
  // The page's last image in (its load event comes next): no later than now, in this same task.
  parsed
    .then(() => loaded(Array.from(document.images).filter((img) => img.loading !== "lazy" || inFirstScreen(img))))
    .then(releaseHeld);
})();`;

/**
 * What the first paint does not need (the app's scripts, the web fonts), held back until the page
 * has been shown (docs/decisions/0020): on a slow phone connection it would otherwise share the bandwidth with the
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
