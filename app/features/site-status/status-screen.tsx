import { Form, useNavigation } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { Check } from "./check";
import { testMailSchema } from "./site-status-forms";

/** Where "Stato del sito" is, and where its test e-mail posts. */
export const SITE_STATUS_PATH = "/admin/stato";

export interface StatusView {
  groups: { title: string; checks: Check[] }[];
  failed: number;
  warnings: number;
  /** When the checks ran, in words. */
  checkedAt: string;
  mailOn: boolean;
  version: {
    /** The commit the site runs (short), null outside a git checkout. */
    commit: string | null;
    lastUpdate: { outcome: "updated" | "rolled-back" | "failed"; at: string; message: string } | null;
  };
}

const UPDATE_LABEL = {
  updated: "riuscito",
  "rolled-back": "non riuscito, sito tornato alla versione precedente",
  failed: "non riuscito",
} as const;

/** One line: the version running and the last `npm run update`, its paragraph when it went wrong. */
export function VersionLine({ version }: { version: StatusView["version"] }) {
  const last = version.lastUpdate;
  return (
    <p className={last && last.outcome !== "updated" ? "admin-notice admin-notice--error" : "admin-notice"}>
      Versione in funzione: {version.commit ?? "sconosciuta (non è una copia git)"}.{" "}
      {last
        ? `Ultimo aggiornamento (npm run update): ${UPDATE_LABEL[last.outcome]}, ${last.at}.`
        : "Nessun aggiornamento fatto con npm run update."}
      {last && last.outcome !== "updated" ? ` ${last.message}` : null}
    </p>
  );
}

const STATE_LABEL = { ok: "A posto", warning: "Da guardare", failed: "Da sistemare" } as const;
const STATE_MARK = { ok: "✓", warning: "!", failed: "✕" } as const;

/** "Stato del sito": every check of a real address, grouped, each failure with what to change and where. */
export function StatusScreen({ view, result }: { view: StatusView; result?: ActionResult }) {
  useActionResult(result);
  const counts = [
    view.failed ? `${view.failed} ${view.failed === 1 ? "cosa da sistemare" : "cose da sistemare"}` : null,
    view.warnings ? `${view.warnings} da guardare` : null,
  ].filter(Boolean);
  const summary = counts.length === 0 ? "Tutto a posto." : `${counts.join(", ")}.`;
  return (
    <>
      <h1 className="admin__title">Stato del sito</h1>
      <p className={view.failed ? "admin-notice admin-notice--error" : "admin-notice"} role="status">
        {summary} Controllato {view.checkedAt}; ricarica la pagina per controllare di nuovo.
      </p>
      <VersionLine version={view.version} />
      {view.groups.map((group) => (
        <section key={group.title} className="admin-section" aria-labelledby={`stato-${group.title}`}>
          <h2 id={`stato-${group.title}`} className="admin-section__title">
            {group.title}
          </h2>
          <ul className="site-status">
            {group.checks.map((check) => (
              <li key={check.key} className={`site-status__check site-status__check--${check.state}`}>
                <span className="site-status__mark" aria-hidden="true">
                  {STATE_MARK[check.state]}
                </span>
                <div>
                  <p className="site-status__title">
                    {check.title} <span className="site-status__state">{STATE_LABEL[check.state]}</span>
                  </p>
                  <p className="site-status__detail">{check.detail}</p>
                  {check.fix ? (
                    <p className="site-status__fix">
                      <strong>Cosa fare:</strong> {check.fix}
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {group.title === "Posta" && view.mailOn ? <TestMailForm /> : null}
        </section>
      ))}
    </>
  );
}

/** A test e-mail, sent only when she asks (never at each load: it would fill her inbox). */
function TestMailForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SITE_STATUS_PATH;
  const { formProps } = useSchemaForm(testMailSchema, { id: "email-prova" });
  return (
    <Form method="post" action={SITE_STATUS_PATH} className="site-status__send" {...formProps}>
      <input type="hidden" name="intent" value="email-prova" />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Invio in corso..." : "Invia un'e-mail di prova"}
      </button>
    </Form>
  );
}
