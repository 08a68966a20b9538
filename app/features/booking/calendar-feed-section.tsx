import { useId, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { useHydrated } from "~/ui/use-hydrated";
import { SETTINGS_PAGE } from "./settings-common";

export type CalendarFeedResult = ActionResult & { target?: string; feedUrl?: string };

const CONFIRM_PARAM = "conferma";

/** The new address, shown once: the field to copy it from, a copy button, and how each calendar subscribes. */
function NewFeedAddress({ url }: { url: string }) {
  const hydrated = useHydrated();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="shown-once" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Indirizzo del calendario</h3>
      <p className="shown-once__warning">
        Copialo ora: per sicurezza non sarà più mostrato. Chi lo conosce vede la tua agenda (orari, studio, tipo di
        visita, nome e iniziale del paziente): non condividerlo.
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          Indirizzo da aggiungere al calendario
        </label>
        <input id={`${id}-url`} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      {hydrated ? (
        <p className="shown-once__actions">
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copia indirizzo
          </button>
          <span role="status">{copied ? "Indirizzo copiato" : ""}</span>
        </p>
      ) : null}
      <ul className="feed-howto">
        <li>
          <strong>Google Calendar</strong> (dal computer): accanto ad «Altri calendari» premi «+», poi «Da URL», incolla
          l'indirizzo e premi «Aggiungi calendario».
        </li>
        <li>
          <strong>Calendario di Apple</strong>: su iPhone Impostazioni → Calendario → Account → Aggiungi account → Altro
          → «Aggiungi calendario sottoscritto»; sul Mac File → «Nuovo calendario sottoscritto».
        </li>
        <li>
          <strong>Outlook</strong>: Aggiungi calendario → «Sottoscrivi dal Web», incolla l'indirizzo e importa.
        </li>
      </ul>
      <p className="admin-section__lead">
        I calendari aggiornano gli abbonamenti da soli, di solito ogni poche ore: un appuntamento appena preso può
        comparire con un po' di ritardo.
      </p>
    </div>
  );
}

/** One of the two changes behind a confirmation: a new address (the old one stops working) or none. */
function FeedChangeButton({
  intent,
  label,
  question,
  busy,
  onConfirm,
}: {
  intent: string;
  label: string;
  question: string;
  busy: boolean;
  onConfirm: (fields: Record<string, string>) => void;
}) {
  const [searchParams] = useSearchParams();
  const fields = { intent };
  return (
    <>
      <ConfirmButton
        label={label}
        accessibleLabel={label}
        question={question}
        confirmLabel={label}
        noScriptHref={`${SETTINGS_PAGE}?${CONFIRM_PARAM}=${intent}#calendario`}
        disabled={busy}
        onConfirm={() => onConfirm(fields)}
      />
      {searchParams.get(CONFIRM_PARAM) === intent ? (
        <NoScriptConfirm
          action={SETTINGS_PAGE}
          question={question}
          confirmLabel={label}
          fields={fields}
          cancelHref={`${SETTINGS_PAGE}#calendario`}
        />
      ) : null}
    </>
  );
}

/** Her agenda in her own calendar: the subscription address, made, replaced or switched off here. */
export function CalendarFeedSection({
  activeSince,
  result,
}: {
  /** "25 novembre 2026, 10:30" when an address is active, else null. */
  activeSince: string | null;
  result?: CalendarFeedResult;
}) {
  // One fetcher for every change, so only the newest address is ever on screen.
  const creator = useFetcher<CalendarFeedResult>();
  useActionResult(creator.data);
  // With JavaScript the answer comes to the fetcher; without, to the page.
  const answer = creator.data ?? (result?.target === "feed" ? result : undefined);
  const created = answer?.feedUrl;
  const busy = creator.state !== "idle";
  const change = (fields: Record<string, string>) => creator.submit(fields, { method: "post", action: SETTINGS_PAGE });
  return (
    <section className="admin-section" id="calendario" aria-labelledby="calendario-titolo">
      <h2 id="calendario-titolo" className="admin-section__title">
        L'agenda nel tuo calendario
      </h2>
      <p className="admin-section__lead">
        Un indirizzo privato che Google Calendar, il Calendario di Apple e Outlook possono seguire: mostra le visite da
        oggi in poi (orario, studio, tipo di visita, nome e iniziale del paziente), senza contatti né note.
      </p>
      {activeSince === null ? (
        <>
          <p className="admin-empty">Nessun indirizzo attivo.</p>
          <creator.Form method="post" action={SETTINGS_PAGE} className="admin-form__buttons">
            <input type="hidden" name="intent" value="feed-create" />
            <button type="submit" className="button" disabled={busy}>
              Crea l'indirizzo del calendario
            </button>
          </creator.Form>
        </>
      ) : (
        <>
          <p>Indirizzo attivo dal {activeSince}. Per sicurezza non può essere mostrato di nuovo.</p>
          <div className="booking-admin-actions">
            <FeedChangeButton
              intent="feed-create"
              label="Crea un nuovo indirizzo"
              busy={busy}
              onConfirm={change}
              question="Creare un nuovo indirizzo? Quello attuale smette subito di funzionare: andrà aggiunto di nuovo nei calendari che lo usano."
            />
            <FeedChangeButton
              intent="feed-revoke"
              label="Disattiva"
              busy={busy}
              onConfirm={change}
              question="Disattivare l'indirizzo del calendario? I calendari che lo usano non riceveranno più l'agenda."
            />
          </div>
        </>
      )}
      {created ? <NewFeedAddress url={created} /> : null}
    </section>
  );
}
