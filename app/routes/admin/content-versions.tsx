import { Link } from "react-router";
import type { Route } from "./+types/content-versions";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { LISTED_VERSIONS } from "~/features/site-content/site-content";
import { servicesContext } from "~/context";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { useEditorData } from "./content";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { versions: await context.get(servicesContext).siteContent.history(LISTED_VERSIONS) };
}

/** The newest versions, each opening what restoring it would change (the restore is asked there). */
export default function ContentVersions({ loaderData }: Route.ComponentProps) {
  const { version: current } = useEditorData();
  return (
    <section className="content-section" aria-labelledby="versioni-titolo">
      <h2 id="versioni-titolo" className="admin-section__title">
        Versioni
      </h2>
      <p className="admin-section__lead">
        Ogni salvataggio crea una nuova versione. Qui trovi le ultime {LISTED_VERSIONS}: ripristinandone una, il sito
        torna com'era allora, tutto o una sezione (e anche il ripristino si può annullare). Prima di ripristinare vedi
        cosa cambierebbe.
      </p>
      <ol className="version-list">
        {loaderData.versions.map((v) => (
          <li key={v.version} className="version-list__item">
            <div className="version-list__what">
              <span className="version-list__number">Versione {v.version}</span>
              <span className="version-list__summary">{v.summary}</span>
              <time className="version-list__date" dateTime={v.savedAt}>
                {formatItalianDateTime(v.savedAt)}
              </time>
            </div>
            {v.version === current ? (
              <span className="version-list__current">Pubblicata</span>
            ) : (
              <Link
                to={`/admin/contenuti/versioni/${v.version}`}
                className="button button--secondary button--small version-list__restore"
                aria-label={`Vedi e ripristina la versione ${v.version}`}
              >
                Vedi e ripristina
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
