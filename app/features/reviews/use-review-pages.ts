import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type ReviewListFilter, reviewsHref } from "./review-filter";
import { appendPage, initialListState, mergeFreshPage, type ReviewListPage } from "./review-list";

/**
 * The public list as the visitor sees it: the loader's first page, then each page "Carica altre"
 * fetches (the same loader, as data) appended. A live refresh brings a fresh first page, merged so
 * the pages already loaded stay. `announcement` tells screen readers what was added.
 */
export function useReviewPages(page: ReviewListPage, filter: ReviewListFilter) {
  const [list, setList] = useState(() => initialListState(page));
  if (list.source !== page) setList(mergeFreshPage(list, page));

  const more = useFetcher<{ page: ReviewListPage }>();
  const [announcement, setAnnouncement] = useState("");
  const askedForMore = useRef(false);
  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    // Also runs when a live refresh reloads the last extra page: appending again repeats nothing.
    const next = more.data.page;
    setList((current) => appendPage(current, next));
    if (askedForMore.current) {
      askedForMore.current = false;
      setAnnouncement(
        next.reviews.length === 1 ? "Caricata 1 altra recensione" : `Caricate ${next.reviews.length} altre recensioni`,
      );
    }
  }, [more.state, more.data]);

  const moreHref = list.nextCursor ? reviewsHref(filter, list.nextCursor) : null;
  const loading = more.state !== "idle";
  return {
    items: list.items,
    /** The next page's address (also the link without JavaScript), or null at the end. */
    moreHref,
    loading,
    announcement,
    loadMore() {
      if (loading || !moreHref) return;
      askedForMore.current = true;
      void more.load(moreHref);
    },
  };
}
