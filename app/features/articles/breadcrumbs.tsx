import { Link } from "react-router";

/** Where the page sits: links up to it, then its own name (the BreadcrumbList JSON-LD says the same). */
export function Breadcrumbs({ trail, current }: { trail: readonly { to: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="Percorso" className="breadcrumbs">
      <ol>
        {trail.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
