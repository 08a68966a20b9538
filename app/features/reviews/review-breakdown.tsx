import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import reviewTrustStyles from "~/styles/review-trust.css?url";
import { formatCount, formatPercent } from "~/core/format/italian-format";
import { describeFilter, isFiltered, reviewsHref, type ReviewListFilter } from "~/features/reviews/review-filter";
import { Stylesheet } from "../../ui/stylesheet";

/**
 * How many reviews have 5, 4, 3, 2, 1 stars, as bars. Each row is a link
 * that filters the list by that rating; the numbers are in the text, the
 * bars only draw them.
 */
export function ReviewBreakdown({
  byRating,
  total,
  filter,
}: {
  byRating: readonly number[];
  total: number;
  filter: ReviewListFilter;
}) {
  return (
    <div className="review-breakdown">
      <Stylesheet href={reviewTrustStyles} />
      <h2 className="visually-hidden">Voti in dettaglio</h2>
      <ul className="review-breakdown__list">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = byRating[stars - 1] ?? 0;
          const share = total ? count / total : 0;
          const label = stars === 1 ? "1 stella" : `${stars} stelle`;
          const current = filter.rating === stars;
          return (
            <li key={stars}>
              <Link
                to={reviewsHref({ ...filter, rating: current ? null : stars })}
                className="review-breakdown__row"
                aria-current={current ? "true" : undefined}
                preventScrollReset
              >
                <span className="review-breakdown__label">{label}</span>
                <span className="review-breakdown__bar" aria-hidden="true">
                  <span className="review-breakdown__fill" style={{ width: `${Math.round(share * 100)}%` }} />
                </span>
                <span className="review-breakdown__count">
                  {formatCount(count)}
                  <span className="visually-hidden">
                    {count === 1 ? " recensione" : " recensioni"} ({formatPercent(share)})
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The filter as a GET form: the URL carries it, so it works without JavaScript and can be shared. */
export function ReviewFilterForm({ filter }: { filter: ReviewListFilter }) {
  // The controls follow the URL after a link navigation ("Mostra tutte", a breakdown row), set in
  // place: remounting the form would drop the focus from the button she pressed.
  const formRef = useRef<HTMLFormElement>(null);
  // Only when the filter changes after the page is shown: a choice made before the scripts ran stays.
  const shown = useRef(`${filter.rating}-${filter.verifiedOnly}`);
  useEffect(() => {
    const controls = formRef.current?.elements;
    const now = `${filter.rating}-${filter.verifiedOnly}`;
    if (!controls || now === shown.current) return;
    shown.current = now;
    (controls.namedItem("voto") as HTMLSelectElement).value = filter.rating ? String(filter.rating) : "";
    (controls.namedItem("verificate") as HTMLInputElement).checked = filter.verifiedOnly;
  }, [filter.rating, filter.verifiedOnly]);
  return (
    <Form
      ref={formRef}
      method="get"
      action="/reviews"
      className="review-filter"
      preventScrollReset
      aria-label="Filtra le recensioni"
    >
      <div className="review-filter__field">
        <label htmlFor="filtro-voto">Voto</label>
        <select id="filtro-voto" name="voto" defaultValue={filter.rating ?? ""}>
          <option value="">Tutti i voti</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n === 1 ? "1 stella" : `${n} stelle`}
            </option>
          ))}
        </select>
      </div>
      <div className="review-filter__check">
        <input
          id="filtro-verificate"
          type="checkbox"
          name="verificate"
          value="1"
          defaultChecked={filter.verifiedOnly}
        />
        <label htmlFor="filtro-verificate">Solo verificate</label>
      </div>
      <button type="submit" className="button button--secondary review-filter__submit">
        Filtra
      </button>
      {isFiltered(filter) ? (
        <p className="review-filter__status">
          Stai vedendo: {describeFilter(filter)}.{" "}
          <Link to="/reviews" preventScrollReset>
            Mostra tutte
          </Link>
        </p>
      ) : null}
    </Form>
  );
}
