import { describe, expect, it } from "vitest";
import { missedChange } from "./live-hello";

describe("a page's live connection catches up on what its render missed", () => {
  it("refreshes when a table it shows has a newer change than the render saw", () => {
    expect(missedChange({ versions: { reviews: 8 } }, ["reviews"], { reviews: 7 })).toBe(true);
  });

  it("refreshes when a table it shows changed for the first time after the render", () => {
    expect(missedChange({ versions: { reviews: 3 } }, ["reviews"], {})).toBe(true);
  });

  it("does not refresh for changes it was rendered with, or to tables it does not show", () => {
    const hello = { versions: { recipe_photos: 12, reviews: 7 } };
    expect(missedChange(hello, ["reviews", "site_content"], { reviews: 7 })).toBe(false);
  });

  it("does not refresh when the serving process has not heard of a change the page shows yet", () => {
    // That change's event reaches the stream after the greeting.
    expect(missedChange({ versions: { reviews: 6 } }, ["reviews"], { reviews: 7 })).toBe(false);
  });
});
