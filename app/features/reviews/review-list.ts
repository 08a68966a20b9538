import type { ReviewView } from "~/features/reviews/review-view";

/** One page of the public list, as the reviews loader sends it. */
export interface ReviewListPage {
  reviews: ReviewView[];
  /** `?dopo=` token of the page after this one, or null at the end. */
  nextCursor: string | null;
}

/** What the visitor sees: the first page plus every page they asked for with "Carica altre". */
interface ReviewListState {
  /** The loader's page this state was last merged with. */
  source: ReviewListPage;
  items: ReviewView[];
  nextCursor: string | null;
  /** True once a further page was loaded: from then on the cursor follows the loaded pages. */
  extended: boolean;
}

export function initialListState(page: ReviewListPage): ReviewListState {
  return { source: page, items: page.reviews, nextCursor: page.nextCursor, extended: false };
}

/** Newest first, as the database orders them: by date, then by id. */
function isOlder(a: ReviewView, b: ReviewView): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}

/**
 * A fresh first page arrived (a live change or a submission revalidated the
 * loader). The fresh page is the truth for its own range; what the visitor
 * loaded beyond that range stays, so a new review never makes older ones
 * vanish from under the visitor's eyes.
 */
export function mergeFreshPage(state: ReviewListState, fresh: ReviewListPage): ReviewListState {
  if (!fresh.nextCursor) return initialListState(fresh);
  const boundary = fresh.reviews.at(-1);
  const ids = new Set(fresh.reviews.map((r) => r.id));
  const older = boundary ? state.items.filter((r) => !ids.has(r.id) && isOlder(r, boundary)) : [];
  return {
    source: fresh,
    items: [...fresh.reviews, ...older],
    nextCursor: state.extended ? state.nextCursor : fresh.nextCursor,
    extended: state.extended,
  };
}

/** A further page ("Carica altre") arrived: appended, without repeating what is shown. */
export function appendPage(state: ReviewListState, page: ReviewListPage): ReviewListState {
  const ids = new Set(state.items.map((r) => r.id));
  return {
    ...state,
    items: [...state.items, ...page.reviews.filter((r) => !ids.has(r.id))],
    nextCursor: page.nextCursor,
    extended: true,
  };
}
