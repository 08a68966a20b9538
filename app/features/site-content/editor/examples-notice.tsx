import { Link } from "react-router";
import { countOf } from "~/core/format/plural";

/**
 * The fictional first version's details still on the site, each a link to its
 * form: marked as examples until she replaces them. One line with their count; the list behind
 * "Mostra" (a disclosure: keyboard and screen readers, no script), as every notice of the panel.
 * Nothing when none is left.
 */
export function ExamplesNotice({ left }: { left: readonly { label: string; href: string }[] }) {
  if (left.length === 0) return null;
  return (
    <section className="examples-notice" aria-labelledby="esempi-titolo">
      <details>
        <summary className="examples-notice__summary">
          <span>
            <strong id="esempi-titolo">Esempi da sostituire</strong>: {countOf(left.length, ["dato", "dati"])}
          </span>
          <span className="examples-notice__more">Mostra</span>
          <span className="examples-notice__less">Nascondi</span>
        </summary>
        <p>Questi dati sono d'esempio, o nominano persone e città che non sono le tue, e compaiono sul sito:</p>
        <ul className="examples-notice__list">
          {left.map(({ label, href }) => (
            <li key={label}>
              <Link to={href}>{label}</Link>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
