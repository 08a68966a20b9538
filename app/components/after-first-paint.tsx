import type { ReactNode } from "react";

const HOLDER_ID = "after-first-paint";

/**
 * Runs in the page as soon as it is parsed. The inline scripts of the holder only set up data that
 * scripts further down the document feed (the router's hydration data): they run at once. The files
 * (stylesheets, module scripts and their preloads) go into the document once the browser has shown
 * the first content and the page's own images have loaded (the frame after both), so they share
 * the connection with neither. A page not yet painted (a background tab) waits until it is.
 */
const release = `(() => {
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
  const loaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else addEventListener("load", resolve, { once: true });
  });
  // One task later (a message, not a timer: a page whose timers are paused or throttled still gets its scripts).
  const nextTask = (run) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = run;
    channel.port2.postMessage(null);
  };
  Promise.all([painted, loaded]).then(() => nextTask(() => document.head.append(held)));
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
