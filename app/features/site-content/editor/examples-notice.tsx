import { Link } from "react-router";

/**
 * The fictional first version's details still on the site (issue 46 item 1), each a link to its
 * form: marked as examples until she replaces them. Nothing when none is left.
 */
export function ExamplesNotice({ left }: { left: readonly { label: string; href: string }[] }) {
  if (left.length === 0) return null;
  return (
    <section className="examples-notice" aria-labelledby="esempi-titolo">
      <h2 id="esempi-titolo" className="examples-notice__title">
        Esempi da sostituire
      </h2>
      <p>Questi dati sono d'esempio, o nominano persone e città che non sono le tue, e compaiono sul sito:</p>
      <ul className="examples-notice__list">
        {left.map(({ label, href }) => (
          <li key={label}>
            <Link to={href}>{label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
