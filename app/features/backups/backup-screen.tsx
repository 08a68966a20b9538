import { Form, useNavigation } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import type { BackupStatusView } from "./status.server";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { backupNowSchema } from "./backup-forms";
import { BACKUP_MESSAGES } from "./messages";
import { BackupChecksSection } from "./backup-checks-section";

/** Where "Esegui backup ora" posts (this screen's own route). */
export const BACKUP_NOW_PATH = "/admin/backup";

/** The backup screen: the state in words, "Esegui backup ora", and the newest file to download. */
export function BackupScreen({ view, result }: { view: BackupStatusView; result?: ActionResult }) {
  const { state, warning, lastGood, failureDetail, download, nightlyAt, keep } = view;
  useActionResult(result);
  return (
    <>
      <h1 className="admin__title">Backup</h1>
      <section className="admin-section" aria-labelledby="backup-stato-titolo">
        <h2 id="backup-stato-titolo" className="admin-section__title">
          Stato
        </h2>
        {warning && state !== "never" ? (
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
            {warning ?? "Tutto in ordine: l'ultimo backup è riuscito."}
          </p>
        )}
        <dl className="backup-status">
          <dt>Ultimo backup riuscito</dt>
          <dd>
            {lastGood ? `${lastGood.at}${lastGood.size ? ` (${lastGood.size})` : ""}` : "Nessuno finora"}
            {lastGood?.summary ? <span className="backup-status__detail">{lastGood.summary}</span> : null}
          </dd>
          <dt>Backup automatico</dt>
          <dd>{nightlyAt ? `Ogni notte alle ${nightlyAt}; vengono conservati gli ultimi ${keep}.` : "Disattivato."}</dd>
        </dl>
        <BackupNowForm />
      </section>
      <BackupChecksSection checks={view.checks} />
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

/**
 * "Esegui backup ora": a plain form post (the page comes back with a toast, also without JavaScript);
 * with JavaScript the button says the backup is running until it ends.
 */
function BackupNowForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === BACKUP_NOW_PATH;
  // The same schema the server parses it with: a form changed in the page is refused before it posts.
  const { formProps } = useSchemaForm(backupNowSchema, { id: "backup-now" });
  return (
    <Form method="post" action={BACKUP_NOW_PATH} className="backup-now" aria-busy={busy || undefined} {...formProps}>
      <input type="hidden" name="intent" value="backup-now" />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Backup in corso..." : "Esegui backup ora"}
      </button>
      <p className="backup-now__progress" role="status">
        {busy ? (
          <>
            <progress aria-label="Avanzamento del backup" />
            <span>{BACKUP_MESSAGES.running}</span>
          </>
        ) : null}
      </p>
    </Form>
  );
}
