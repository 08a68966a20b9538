import { describe, expect, it } from "vitest";
import { SLIDE_INTERVAL_MS, slideAtScroll, slideCounter, wrapIndex } from "./slideshow";

describe("slideshow logic", () => {
  it("advances every 4 seconds (spec §9)", () => {
    expect(SLIDE_INTERVAL_MS).toBe(4000);
  });

  it("wraps past the last photo to the first and before the first to the last", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it("counts photos in Italian from one", () => {
    expect(slideCounter(0, 4)).toBe("1 di 4");
    expect(slideCounter(3, 4)).toBe("4 di 4");
  });

  it("finds the photo a swiped strip settled on, within bounds", () => {
    expect(slideAtScroll(0, 400, 3)).toBe(0);
    expect(slideAtScroll(390, 400, 3)).toBe(1);
    expect(slideAtScroll(810, 400, 3)).toBe(2);
    expect(slideAtScroll(5000, 400, 3)).toBe(2);
    expect(slideAtScroll(-20, 400, 3)).toBe(0);
    expect(slideAtScroll(100, 0, 3)).toBe(0);
  });
});
