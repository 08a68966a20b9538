import { describe, expect, it } from "vitest";
import {
  easeInOutCubic,
  SECTION_SCROLL_DURATION_MS,
  SECTION_SCROLL_OFFSET_PX,
  sectionScrollTop,
} from "./smooth-scroll";

describe("section scrolling", () => {
  it("uses the spec's 80 px offset and 500 ms duration", () => {
    expect(SECTION_SCROLL_OFFSET_PX).toBe(80);
    expect(SECTION_SCROLL_DURATION_MS).toBe(500);
  });

  it("stops 80 px above the section, never above the top nor past the end of the page", () => {
    expect(sectionScrollTop(1000, 5000)).toBe(920);
    expect(sectionScrollTop(50, 5000)).toBe(0);
    expect(sectionScrollTop(4900, 3000)).toBe(3000);
    expect(sectionScrollTop(500, -10)).toBe(0);
  });

  it("eases from the start to the end without overshooting", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(1.4)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
  });
});
