import { describe, expect, it } from "vitest";
import { CLOCK_MARGIN_MS, missedChange } from "./live-hello";

const renderedAt = 1_000_000;
const longAgo = renderedAt - 60_000;

describe("a page's first live connection catches up on what its render missed", () => {
  it("refreshes when a table it shows changed after the render", () => {
    const hello = { startedAt: longAgo, changedAt: { reviews: renderedAt + 200 } };
    expect(missedChange(hello, ["reviews"], renderedAt)).toBe(true);
  });

  it("does not refresh for changes to tables it does not show, or long before the render", () => {
    const hello = { startedAt: longAgo, changedAt: { recipe_photos: renderedAt + 200, reviews: longAgo } };
    expect(missedChange(hello, ["reviews", "site_content"], renderedAt)).toBe(false);
  });

  it("counts a change within the clock margin before the render as possibly missed", () => {
    const hello = { startedAt: longAgo, changedAt: { reviews: renderedAt - CLOCK_MARGIN_MS + 1 } };
    expect(missedChange(hello, ["reviews"], renderedAt)).toBe(true);
  });

  it("refreshes when the serving process started after the render (it cannot know what came before)", () => {
    const hello = { startedAt: renderedAt + 1000, changedAt: {} };
    expect(missedChange(hello, ["reviews"], renderedAt)).toBe(true);
  });
});
