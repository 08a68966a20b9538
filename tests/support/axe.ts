import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/** axe-core's script, read once; put into a page through the browser's debugging protocol, so the page's CSP does not apply. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The longest entrance effect the pages have (the landing's intro, 1.42 s), with room to spare. */
const SETTLE_MS = 2000;

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * WCAG 2.2 AA rules (and axe's best practices); the report lists each violation's rule and targets
 * on failure. `include` limits the check to part of the page (a CSS selector), e.g. a feature's own
 * content. axe runs in the page itself, put there once per document: @axe-core/playwright injected it
 * again at every check and opened a second page to finish each one, about 2 s more per check on the
 * test machine. Our pages have no frames, and axe's "frame-tested" rule would report one it could not
 * enter.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ tags, include, settleMs }) => {
      // axe reads colours as they are drawn: a toast or a header still fading in would fail contrast
      // for a moment. Short effects like those are awaited; a long decorative one (the landing's
      // leaves) is not.
      await Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === "running" && Number(animation.effect?.getComputedTiming().endTime) <= settleMs,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: "tag", values: tags },
      });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
      }));
    },
    { tags: TAGS, include: options.include, settleMs: SETTLE_MS },
  );
  expect(violations).toEqual([]);
}
