import { Link } from "react-router";

/** One thing waiting for the practitioner: what it is, and where to deal with it. */
export interface TodoItem {
  text: string;
  href: string;
  action: string;
  /** Shown in red: something is at risk (a backup that would not restore). */
  urgent?: boolean;
}

/**
 * The panel's first section, "Da fare": what needs her now, each with the screen to go to. Said
 * calmly when nothing does.
 */
export function TodoList({ items }: { items: TodoItem[] }) {
  return (
    <section className="admin-section admin-todo" aria-labelledby="da-fare-titolo">
      <h2 id="da-fare-titolo" className="admin-section__title">
        Da fare
      </h2>
      {items.length === 0 ? (
        <p className="admin-section__lead">Niente da fare adesso: è tutto in ordine.</p>
      ) : (
        <ul className="admin-todo__list">
          {items.map((item) => (
            <li
              key={`${item.href} ${item.text}`}
              className={item.urgent ? "admin-todo__item admin-todo__item--urgent" : "admin-todo__item"}
            >
              <span>{item.text}</span>
              <Link to={item.href} className="button button--secondary button--small">
                {item.action}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
