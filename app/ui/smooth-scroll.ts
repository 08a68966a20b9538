/** Sections land 80 px below the top (clear of the fixed header), after a 500 ms scroll. */
export const SECTION_SCROLL_OFFSET_PX = 80;
export const SECTION_SCROLL_DURATION_MS = 500;

/** Slow start, slow finish. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Where the page must scroll so an element whose top is `elementTop` (document coordinates) lands under the header. */
export function sectionScrollTop(elementTop: number, maxScroll: number, offset = SECTION_SCROLL_OFFSET_PX): number {
  return Math.round(Math.min(Math.max(0, elementTop - offset), Math.max(0, maxScroll)));
}

/**
 * Scrolls the window to the element in 500 ms, or at once under reduced motion, then moves focus
 * there (without scrolling again) so the keyboard continues from the section.
 */
export function scrollToSection(element: HTMLElement): void {
  const root = document.documentElement;
  const target = sectionScrollTop(
    element.getBoundingClientRect().top + window.scrollY,
    root.scrollHeight - window.innerHeight,
  );
  const focus = () => {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  };
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    window.scrollTo({ top: target, behavior: "instant" });
    focus();
    return;
  }
  const start = window.scrollY;
  const startTime = performance.now();
  const step = (now: number) => {
    const progress = (now - startTime) / SECTION_SCROLL_DURATION_MS;
    // "instant": html has scroll-behavior: smooth for no-JS anchors, which would fight each frame.
    window.scrollTo({ top: start + (target - start) * easeInOutCubic(progress), behavior: "instant" });
    if (progress < 1) requestAnimationFrame(step);
    else focus();
  };
  requestAnimationFrame(step);
}
