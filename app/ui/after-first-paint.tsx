import type { ReactNode } from "react";
import { releaseAfterFirstPaint } from "./release-after-first-paint";

const HOLDER_ID = "after-first-paint";

/** How long the scripts wait at most for the first screen's images, and then for the web fonts. */
const STALL_WAIT_MS = 3000;

/**
 * Runs in the page as soon as it is parsed. The inline scripts of the holder only set up data that
 * scripts further down the document feed (the router's hydration data): they run at once. The files
 * (the fonts' stylesheet, the app's module scripts and their preloads) go into the document once the
 * page is shown: the document parsed, its first content painted, the images of its first screen
 * loaded and decoded (those the screen shows: not a slide beside it), and then a frame with all of it
 * painted and on the screen, so that they share
 * the connection with none of these (a heading or an image drawn after the fonts arrived made
 * Lighthouse count the fonts' download in the time to the largest paint). That last frame matters
 * where the first paint came early: the parser yields while parsing a long document, and the browser
 * may paint the part parsed so far (the header alone), so "first content painted" and "parsed"
 * together do not mean the heading was drawn. Images further down the page do not hold them. A page
 * not yet painted (a background tab) waits until it is.
 *
 * The web fonts come first, and the scripts only once the page has been laid out in them: putting
 * the fonts in lays the page out again and redraws all of it, and that work, run while the scripts
 * were evaluated and hydrated, made each of their tasks wait for the CPU. An image or a font that
 * stalls holds the scripts back for a few seconds at most. Frames are awaited through animations of one
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
 * The script is releaseAfterFirstPaint (release-after-first-paint.ts), written into the page as its
 * source text. Only the server writes it: on hydration React leaves a script's content as the server
 * sent it, so the client build drops it (about 1.5 KB of every page's scripts, compressed).
 */
const release = !import.meta.env.SSR
  ? ""
  : `(${releaseAfterFirstPaint})(${JSON.stringify(HOLDER_ID)}, ${STALL_WAIT_MS}, (href) => import(href));`;

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
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function's source, no user text in it.
        dangerouslySetInnerHTML={{ __html: release }}
      />
    </>
  );
}
