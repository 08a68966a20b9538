import { formatCount } from "~/core/format/italian-format";
import { pluralForm } from "~/core/format/plural";

/** The counted things, each in the form its number wants ("1 visitatore", "2 visitatori"). */
export const VISITORS = ["visitatore", "visitatori"] as const;
export const VIEWS = ["pagina vista", "pagine viste"] as const;

/** A period's count, its words and its change against the period before. */
export function PeriodCount(props: { count: number; forms: readonly [string, string]; change: string }) {
  return (
    <p>
      <strong className="statistics-period__number">{formatCount(props.count)}</strong>{" "}
      {pluralForm(props.count, props.forms)} <span className="statistics-period__change">({props.change})</span>
    </p>
  );
}
