import { describe, expect, it } from "vitest";
import { describeFilter, parseReviewFilter, reviewsHref } from "./review-filter";

describe("the reviews filter in the URL", () => {
  it("reads stars and verified, ignoring anything else", () => {
    expect(parseReviewFilter(new URLSearchParams("voto=4&verificate=1"))).toEqual({ rating: 4, verifiedOnly: true });
    expect(parseReviewFilter(new URLSearchParams("voto=6&verificate=si"))).toEqual({
      rating: null,
      verifiedOnly: false,
    });
    expect(parseReviewFilter(new URLSearchParams("voto=2.5"))).toEqual({ rating: null, verifiedOnly: false });
    expect(parseReviewFilter(new URLSearchParams(""))).toEqual({ rating: null, verifiedOnly: false });
  });

  it("keeps the filter on the next page's link", () => {
    expect(reviewsHref({ rating: 5, verifiedOnly: true }, "abc")).toBe("/reviews?voto=5&verificate=1&dopo=abc");
    expect(reviewsHref({ rating: null, verifiedOnly: false })).toBe("/reviews");
    expect(describeFilter({ rating: 1, verifiedOnly: true })).toBe("1 stella, solo verificate");
  });
});
