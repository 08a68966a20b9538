/** The slideshow advances every 4 s. */
export const SLIDE_INTERVAL_MS = 4000;

/** Wraps at both ends: one before the first is the last, one after the last is the first. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The counter's text, e.g. "2 di 5". */
export function slideCounter(index: number, count: number): string {
  return `${index + 1} di ${count}`;
}

/** Which slide fills a scroll-snapped strip whose slides are each one viewport wide. */
export function slideAtScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (count <= 0 || slideWidth <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}
