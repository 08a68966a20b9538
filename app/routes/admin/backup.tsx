import { data } from "react-router";
import type { Route } from "./+types/backup";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { backupStatusView } from "~/features/backups/status.server";
import { pageMeta } from "~/features/site-content/meta";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Backup", "Stato dei backup del sito e download dell'ultimo.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return data(await backupStatusView(context.get(servicesContext)));
}

export default function AdminBackup({ loaderData }: Route.ComponentProps) {
  const { warning, lastGood, failureDetail, download, nightlyAt, keep } = loaderData;
  return (
    <>
      <h1 className="admin__title">Backup</h1>
      <section className="admin-section" aria-labelledby="backup-stato-titolo">
        <h2 id="backup-stato-titolo" className="admin-section__title">
          Stato
        </h2>
        {warning ? (
          <div className="admin-notice admin-notice--error" role="alert">
            <p className="backup-status__text">{warning}</p>
            {failureDetail ? (
              <details>
                <summary>Dettagli tecnici</summary>
                <p className="backup-status__text">{failureDetail}</p>
              </details>
            ) : null}
          </div>
        ) : (
          <p className="admin-notice" role="status">
            Tutto in ordine: l'ultimo backup è riuscito.
          </p>
        )}
        <dl className="backup-status">
          <dt>Ultimo backup riuscito</dt>
          <dd>
            {lastGood ? `${lastGood.at}${lastGood.size ? ` (${lastGood.size})` : ""}` : "Nessuno"}
            {lastGood?.summary ? <span className="backup-status__detail">{lastGood.summary}</span> : null}
          </dd>
          <dt>Backup automatico</dt>
          <dd>{nightlyAt ? `Ogni notte alle ${nightlyAt}; vengono conservati gli ultimi ${keep}.` : "Disattivato."}</dd>
        </dl>
      </section>
      <section className="admin-section" aria-labelledby="backup-scarica-titolo">
        <h2 id="backup-scarica-titolo" className="admin-section__title">
          Una copia per te
        </h2>
        <p className="admin-section__lead">
          Il backup contiene in un unico file le recensioni, le foto, i testi e le impostazioni del sito. Scaricalo di
          tanto in tanto e conservalo sul tuo computer o su un disco esterno: una copia che resta solo sul server
          andrebbe persa insieme al server.
        </p>
        {download ? (
          <p className="backup-download">
            <a className="button" href="/admin/backup/scarica" download={download.name}>
              Scarica l'ultimo backup ({download.size})
            </a>
            <span className="backup-status__detail">
              {download.name}, del {download.at}
            </span>
          </p>
        ) : (
          <p className="admin-empty">Su questo server non c'è ancora un file di backup da scaricare.</p>
        )}
      </section>
    </>
  );
}
