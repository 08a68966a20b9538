import { Link } from "react-router";

/**
 * The top of an editor screen for one item (a recipe, an article): the way back to the list, the
 * title, and where the item is public when it is, since a save shows there at once.
 */
export function EditorHeading({
  back,
  title,
  published,
}: {
  back: { to: string; label: string };
  title: string;
  /** The public address and the participle that agrees with the item ("Pubblicata", "Pubblicato"). */
  published: { path: string | null; word: string };
}) {
  return (
    <>
      <p>
        <Link to={back.to} className="back-link">
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      </p>
      <h1 className="admin__title">{title}</h1>
      {published.path ? (
        <p className="admin-section__lead">
          {published.word} su <Link to={published.path}>{published.path}</Link>: le modifiche salvate sono subito
          visibili.
        </p>
      ) : null}
    </>
  );
}
