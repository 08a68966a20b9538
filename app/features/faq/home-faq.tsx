import { Link } from "react-router";

/**
 * The home page's short set: the questions she chose, each a link to its answer. No imports beyond
 * the router and links built by the loader: /home's script stays as small as it was.
 */
export function HomeFaq({ questions, allHref }: { questions: { href: string; question: string }[]; allHref: string }) {
  return (
    <section id="domande" className="section" aria-labelledby="domande-title" tabIndex={-1}>
      <div className="section__inner">
        <header className="section-heading">
          <h2 id="domande-title">Domande frequenti</h2>
        </header>
        <ul className="home-faq">
          {questions.map((q) => (
            <li key={q.href}>
              <Link to={q.href}>{q.question}</Link>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <Link to={allHref} className="arrow-link">
            Tutte le domande frequenti
          </Link>
        </p>
      </div>
    </section>
  );
}
