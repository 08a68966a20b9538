import { describe, expect, it } from "vitest";
import type { ReviewView } from "~/features/reviews/review-view";
import { appendPage, initialListState, mergeFreshPage } from "./review-list";

// Review n was written on minute n: higher is newer.
const review = (n: number): ReviewView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `r${n}`,
  content: "testo",
  rating: 5,
  status: "published",
  createdAt: new Date(Date.UTC(2026, 2, 1, 0, n)).toISOString(),
  createdAtText: "1 marzo 2026",
  image: null,
  verified: false,
  reply: null,
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => review(from - i));
const names = (items: ReviewView[]) => items.map((r) => r.name);

describe("the visible review list", () => {
  it("appends further pages without repeating reviews", () => {
    const state = appendPage(initialListState({ reviews: range(30, 21), nextCursor: "c21" }), {
      reviews: range(21, 12),
      nextCursor: "c12",
    });
    expect(names(state.items)).toEqual(names(range(30, 12)));
    expect(state.nextCursor).toBe("c12");
  });

  it("keeps the pages already loaded when a live refresh brings a new review", () => {
    let state = initialListState({ reviews: range(30, 21), nextCursor: "c21" });
    state = appendPage(state, { reviews: range(20, 11), nextCursor: "c11" });
    // Review 31 arrives: the fresh first page now ends at 22.
    state = mergeFreshPage(state, { reviews: range(31, 22), nextCursor: "c22" });
    expect(names(state.items)).toEqual(names(range(31, 11)));
    expect(state.nextCursor).toBe("c11");
  });

  it("keeps the review pushed off the first page even before any further page was loaded", () => {
    let state = initialListState({ reviews: range(30, 21), nextCursor: "c21" });
    state = mergeFreshPage(state, { reviews: range(31, 22), nextCursor: "c22" });
    expect(names(state.items)).toEqual(names(range(31, 21)));
    // Loading more from the fresh cursor repeats review 21: it is shown once.
    state = appendPage(state, { reviews: range(21, 12), nextCursor: "c12" });
    expect(names(state.items)).toEqual(names(range(31, 12)));
  });

  it("drops, within the fresh page's range, a review that was hidden or deleted", () => {
    let state = initialListState({ reviews: range(30, 21), nextCursor: "c21" });
    const without25 = range(30, 20).filter((r) => r.name !== "r25");
    state = mergeFreshPage(state, { reviews: without25, nextCursor: "c20" });
    expect(names(state.items)).not.toContain("r25");
    expect(state.items).toHaveLength(10);
  });

  it("shows exactly the fresh list when it holds every review", () => {
    let state = initialListState({ reviews: range(3, 1), nextCursor: null });
    state = mergeFreshPage(state, { reviews: [review(4), review(3), review(1)], nextCursor: null });
    expect(names(state.items)).toEqual(["r4", "r3", "r1"]);
    expect(state.nextCursor).toBeNull();
  });
});
