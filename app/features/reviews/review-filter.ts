/** The filter of the public reviews list, as it travels in the URL: `?voto=5&verificate=1`. */
export interface ReviewListFilter {
  rating: number | null;
  verifiedOnly: boolean;
}

export function parseReviewFilter(params: URLSearchParams): ReviewListFilter {
  const rating = Number(params.get("voto"));
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    verifiedOnly: params.get("verificate") === "1",
  };
}

export function isFiltered(filter: ReviewListFilter): boolean {
  return filter.rating !== null || filter.verifiedOnly;
}

/** `/reviews?…` for a filter, optionally from a page cursor on; the filter always comes along. */
export function reviewsHref(filter: ReviewListFilter, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filter.rating !== null) params.set("voto", String(filter.rating));
  if (filter.verifiedOnly) params.set("verificate", "1");
  if (cursor) params.set("dopo", cursor);
  const query = params.toString();
  return query ? `/reviews?${query}` : "/reviews";
}

/** "5 stelle, solo verificate": what the list shows, in words. */
export function describeFilter(filter: ReviewListFilter): string {
  const parts: string[] = [];
  if (filter.rating !== null) parts.push(filter.rating === 1 ? "1 stella" : `${filter.rating} stelle`);
  if (filter.verifiedOnly) parts.push("solo verificate");
  return parts.join(", ");
}
